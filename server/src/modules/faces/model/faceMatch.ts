/**
 * Matching faces: two descriptors of the same person lie near each other; the model's
 * authors put the line at a Euclidean distance of 0.6. A search that shows a stranger's photo does
 * more harm than one that misses a photo: on the package's photos (npm run bench:faces), 0.6 gave
 * 52% precision, 0.5 gave 89%, 0.45 gave 99% at a recall of 82% (92% of the selfies a face was
 * found in).
 */
export const SAME_PERSON_DISTANCE = 0.45;

/**
 * How near a face of a photo must be to a face hidden by 'Não me mostre' for the photo to be left
 * out of others' results: looser than SAME_PERSON_DISTANCE (which finds 82% of a face's photos,
 * npm run bench:faces), so that a hidden guest's photos are left out even where a search would not
 * have matched them; leaving out a stranger's photo too is the safe mistake (0.55: 87% recall).
 */
export const HIDDEN_FACE_DISTANCE = 0.55;

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

/** An indexed face: the photo it is in, and its descriptor. */
export interface IndexedFace<P> {
  photo: P;
  descriptor: ArrayLike<number>;
}

/** A photo a selfie matched: its nearest face's distance (smaller is surer). */
export interface PhotoMatch<P> {
  photo: P;
  distance: number;
}

/**
 * The photos with a face near the selfie's (within `within`), the surest first: each photo once,
 * by its nearest face.
 */
export function rankMatches<P>(
  selfie: ArrayLike<number>,
  faces: Iterable<IndexedFace<P>>,
  within = SAME_PERSON_DISTANCE,
): PhotoMatch<P>[] {
  const nearest = new Map<P, number>();
  for (const face of faces) {
    const distance = descriptorDistance(selfie, face.descriptor);
    if (distance > within) continue;
    const before = nearest.get(face.photo);
    if (before === undefined || distance < before) nearest.set(face.photo, distance);
  }
  return [...nearest].map(([photo, distance]) => ({ photo, distance })).sort((a, b) => a.distance - b.distance);
}
