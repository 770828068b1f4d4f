import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import {
  createFaceEngine,
  PhotoFailed,
  UnreadablePhoto,
  type FaceEngine,
} from '../../server/src/modules/faces/model/faceEngine';
import { descriptorDistance, rankMatches, SAME_PERSON_DISTANCE } from '../../server/src/modules/faces/model/faceMatch';
import { answerPhoto, type FaceSteps } from '../../server/src/modules/faces/model/faceMessages';

/**
 * The face engine on the group photos shipped in @vladmandic/face-api's package
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
    .extract({
      left,
      top,
      width: Math.min(width - left, Math.round(w * 1.8 * width)),
      height: Math.min(height - top, Math.round(h * 1.8 * height)),
    })
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

describe("the worker's answer", () => {
  const image = { data: new Uint8Array(3), width: 1, height: 1 };
  const face = { box: [0, 0, 1, 1] as [number, number, number, number], score: 0.9, descriptor: new Float32Array(128) };
  const steps: FaceSteps = { decode: async () => image, load: async () => undefined, find: async () => [face] };
  const fails = () => Promise.reject(new Error('falhou'));
  const request = { id: 7, image: new Uint8Array([1, 2, 3]) };

  it('says unreadable only when the bytes do not decode', async () => {
    expect(await answerPhoto(request, { ...steps, decode: fails })).toEqual({
      id: 7,
      kind: 'unreadable',
      message: 'falhou',
    });
    // Undecodable bytes are unreadable whatever the model's state.
    expect(await answerPhoto(request, { ...steps, decode: fails, load: fails })).toMatchObject({ kind: 'unreadable' });
  });

  it('tells a model that did not load from a model that failed on the photo', async () => {
    expect(await answerPhoto(request, { ...steps, load: fails })).toEqual({
      id: 7,
      kind: 'unavailable',
      message: 'falhou',
    });
    expect(await answerPhoto(request, { ...steps, find: fails })).toEqual({ id: 7, kind: 'failed', message: 'falhou' });
    expect(await answerPhoto(request, steps)).toEqual({ id: 7, kind: 'faces', faces: [face] });
  });
});

it('forgets a model load that failed: the next photo tries to load it again', async () => {
  let loads = 0;
  jest.doMock('@tensorflow/tfjs', () => ({
    ...jest.requireActual<object>('@tensorflow/tfjs'),
    setBackend: async () => {
      loads += 1;
      throw new Error(`falha ${loads}`);
    },
  }));
  try {
    await jest.isolateModulesAsync(async () => {
      const { loadFaceModel } = await import('../../server/src/modules/faces/model/faceModel');
      await expect(loadFaceModel()).rejects.toThrow('falha 1');
      await expect(loadFaceModel()).rejects.toThrow('falha 2');
    });
  } finally {
    jest.dontMock('@tensorflow/tfjs');
  }
});

describe('the engine, with a stand-in worker', () => {
  /**
   * A worker thread that says it is ready (or not, with `ready: false`) and answers every photo
   * alike: a reply of this kind, or its own death (`die`).
   */
  const standIn =
    (behaviour: { ready?: boolean; reply?: 'failed' | 'unavailable' | 'unreadable'; die?: boolean }) => () =>
      new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
       parentPort.on('message', ({ id }) => {
         if (workerData.die) process.exit(3);
         parentPort.postMessage({ id, kind: workerData.reply, message: 'de mentira' });
       });
       if (workerData.ready !== false) parentPort.postMessage({ kind: 'ready' });`,
        { eval: true, workerData: behaviour },
      );
  const engines: FaceEngine[] = [];
  const started = (start: () => Worker) => {
    const made = createFaceEngine({ start });
    engines.push(made);
    return made;
  };
  afterAll(() => Promise.all(engines.map((made) => made.close())));

  it('rejects with PhotoFailed, not UnreadablePhoto, when the model failed on a photo that decoded', async () => {
    const failing = started(standIn({ reply: 'failed' }));
    const error = await failing.findFaces(Buffer.from('x')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PhotoFailed);
    expect(error).not.toBeInstanceOf(UnreadablePhoto);
    await expect(started(standIn({ reply: 'unreadable' })).findFaces(Buffer.from('x'))).rejects.toBeInstanceOf(
      UnreadablePhoto,
    );
  });

  it('rejects with a plain Error, no fault of the photo, when the model did not load', async () => {
    const error = await started(standIn({ reply: 'unavailable' }))
      .findFaces(Buffer.from('x'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PhotoFailed);
    expect(error).not.toBeInstanceOf(UnreadablePhoto);
  });

  it('blames the photos a ready thread died with, not those of a thread that died of its own start', async () => {
    await expect(started(standIn({ die: true })).findFaces(Buffer.from('x'))).rejects.toBeInstanceOf(PhotoFailed);
    const error = await started(standIn({ die: true, ready: false }))
      .findFaces(Buffer.from('x'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PhotoFailed);
  });

  it('rejects a photo whose thread could not start, and starts one for the next', async () => {
    let starts = 0;
    const flaky = started(() => {
      starts += 1;
      if (starts === 1) throw new Error('sem threads');
      return standIn({ reply: 'unreadable' })();
    });
    await expect(flaky.findFaces(Buffer.from('x'))).rejects.toThrow('sem threads');
    await expect(flaky.findFaces(Buffer.from('x'))).rejects.toBeInstanceOf(UnreadablePhoto);
    expect(starts).toBe(2);
  });

  it('once closed, rejects every photo with a plain Error and starts no thread', async () => {
    let starts = 0;
    const closing = started(() => {
      starts += 1;
      return standIn({ reply: 'unreadable' })();
    });
    await expect(closing.findFaces(Buffer.from('x'))).rejects.toBeInstanceOf(UnreadablePhoto);
    await closing.close();
    expect(closing.closed).toBe(true);
    const error = await closing.findFaces(Buffer.from('x')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PhotoFailed);
    expect(starts).toBe(1);
  });
});
