import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createFaceEngine, UnreadablePhoto, type FaceEngine } from '../../server/src/faces/faceEngine';
import { descriptorDistance, rankMatches, SAME_PERSON_DISTANCE } from '../../server/src/faces/faceMatch';

/**
 * The face engine (issue 28) on the group photos shipped in @vladmandic/face-api's package
 * (its demo/ folder): the model runs in a worker thread, finds the faces, and a face cropped out
 * of a photo, made smaller and recompressed, is nearer its own face in the photo than any other.
 */
const DEMO = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const sample = (n: number) => fs.readFileSync(path.join(DEMO, `sample${n}.jpg`));

let engine: FaceEngine;
beforeAll(() => {
  engine = createFaceEngine();
});
afterAll(() => engine.close());

it('finds the faces of a group photo, each with its box and a descriptor of 128 numbers', async () => {
  const faces = await engine.findFaces(sample(5));
  expect(faces.length).toBeGreaterThanOrEqual(4);
  for (const face of faces) {
    expect(face.descriptor).toHaveLength(128);
    expect(face.score).toBeGreaterThanOrEqual(0.5);
    const [x, y, width, height] = face.box;
    expect([x, y, width, height].every((value) => value >= -0.01 && value <= 1.01)).toBe(true);
    expect(width).toBeGreaterThan(0.01);
  }
  // Most certain first.
  expect(faces.map((face) => face.score)).toEqual([...faces.map((face) => face.score)].sort((a, b) => b - a));
});

it('knows a face cropped out of the photo, smaller and recompressed, as that face and no other', async () => {
  const photo = sample(4);
  const faces = await engine.findFaces(photo);
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const [face] = faces;
  const [x, y, w, h] = face.box;
  // The face with a margin, as a selfie frames it, at 240 px and a low JPEG quality.
  const left = Math.max(0, Math.round((x - w * 0.4) * width));
  const top = Math.max(0, Math.round((y - h * 0.4) * height));
  const selfie = await sharp(photo)
    .extract({ left, top, width: Math.min(width - left, Math.round(w * 1.8 * width)), height: Math.min(height - top, Math.round(h * 1.8 * height)) })
    .resize({ width: 240 })
    .jpeg({ quality: 60 })
    .toBuffer();
  const [found] = await engine.findFaces(selfie);
  const distances = faces.map((other) => descriptorDistance(found.descriptor, other.descriptor));
  expect(distances.indexOf(Math.min(...distances))).toBe(0);
  expect(distances[0]).toBeLessThan(0.45);
});

it('refuses bytes that are no image, and goes on with the next photo', async () => {
  await expect(engine.findFaces(Buffer.from('isto não é uma foto'))).rejects.toBeInstanceOf(UnreadablePhoto);
  expect((await engine.findFaces(sample(3))).length).toBeGreaterThan(0);
});

it('finds no face in a photo of none', async () => {
  const wall = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7c3aed' } })
    .jpeg()
    .toBuffer();
  expect(await engine.findFaces(wall)).toEqual([]);
});

describe('rankMatches', () => {
  const at = (...values: number[]) => Float32Array.from({ length: 128 }, (_, i) => values[i] ?? 0);

  it('lists each photo once, by its nearest face, surest first, and none beyond the distance', () => {
    const faces = [
      { photo: 'a', descriptor: at(0.3) },
      { photo: 'b', descriptor: at(0.1) },
      { photo: 'a', descriptor: at(0.05) },
      { photo: 'c', descriptor: at(0.9) },
    ];
    const matches = rankMatches(at(0), faces, 0.45);
    expect(matches.map((m) => m.photo)).toEqual(['a', 'b']);
    expect(matches[0].distance).toBeCloseTo(0.05);
    expect(rankMatches(at(0), faces, 0.01)).toEqual([]);
  });

  it('draws the line at the distance the bench chose', () => {
    expect(SAME_PERSON_DISTANCE).toBe(0.45);
    expect(rankMatches(at(0), [{ photo: 'x', descriptor: at(0.44) }]).length).toBe(1);
    expect(rankMatches(at(0), [{ photo: 'x', descriptor: at(0.46) }]).length).toBe(0);
  });
});
