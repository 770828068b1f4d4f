/**
 * Matching faces (issue 28): two descriptors of the same person lie near each other; the model's
 * authors put the line at a Euclidean distance of 0.6, and a search that shows a stranger's photo
 * does more harm than one that misses a photo, so ours is stricter (npm run bench:faces measures it).
 */
export const SAME_PERSON_DISTANCE = 0.5;

/** The Euclidean distance between two descriptors of equal length. */
export function descriptorDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) {
    const d = a[i] - b[i];
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** A descriptor as stored: 128 float32 numbers, little-endian (512 bytes). */
export function descriptorBytes(descriptor: ArrayLike<number>): Buffer {
  const bytes = Buffer.alloc(descriptor.length * 4);
  for (let i = 0; i < descriptor.length; i += 1) bytes.writeFloatLE(descriptor[i], i * 4);
  return bytes;
}

/** A stored descriptor back as numbers. */
export function descriptorOf(bytes: Buffer): Float32Array {
  const descriptor = new Float32Array(bytes.length / 4);
  for (let i = 0; i < descriptor.length; i += 1) descriptor[i] = bytes.readFloatLE(i * 4);
  return descriptor;
}
