import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFaceEngine, type FaceEngine } from '../../../server/src/modules/faces/model/faceEngine';
import type { FoundFace } from '../../../server/src/modules/faces/model/faceModel';

/**
 * The face engine of the face search's test files: the real one, whose answer for each photo is
 * kept for the rest of the run (in `TEST_FACE_ANSWERS_DIR`, the global setup's folder), so that
 * the files, the servers and the tests asking for the faces of the same bytes (the same group
 * photos, the same selfie crops) run the model once. The model's answer depends only on the bytes
 * (tfjs's WASM backend computes the same every time), so a kept answer is the one the model would
 * give again; the engine itself, its threads and its failures, are tested by faceEngine.test.ts
 * and faceIndex.test.ts with no answer kept. A photo the engine refuses is not kept: it is asked
 * again, and refused again.
 */
export function recordedFaceEngine(): FaceEngine {
  const dir = process.env.TEST_FACE_ANSWERS_DIR;
  const real = createFaceEngine();
  if (!dir) return real;
  return {
    get closed() {
      return real.closed;
    },
    close: () => real.close(),
    async findFaces(image) {
      if (real.closed) return real.findFaces(image);
      const file = path.join(dir, `${crypto.createHash('sha256').update(image).digest('hex')}.json`);
      const kept = readAnswer(file);
      if (kept) return kept;
      const faces = await real.findFaces(image);
      writeAnswer(file, faces);
      return faces;
    },
  };
}

interface KeptFace {
  box: FoundFace['box'];
  score: number;
  descriptor: number[];
}

function readAnswer(file: string): FoundFace[] | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  // A float32 written as JSON's shortest double reads back as the same float32.
  return (JSON.parse(text) as KeptFace[]).map((face) => ({ ...face, descriptor: Float32Array.from(face.descriptor) }));
}

/** Written whole under another name, then renamed: a reader in another worker sees all of it or nothing. */
function writeAnswer(file: string, faces: FoundFace[]): void {
  const kept: KeptFace[] = faces.map((face) => ({ ...face, descriptor: Array.from(face.descriptor) }));
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, JSON.stringify(kept));
  fs.renameSync(partial, file);
}
