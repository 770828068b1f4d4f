import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FaceReply } from './faceMessages';
import type { FoundFace } from './faceModel';

/** Finds the faces of photos off the request path (issue 28): the model runs in a worker thread. */
export interface FaceEngine {
  /** The faces of a photo (its stored bytes), most certain first; rejects when the bytes are no image. */
  findFaces(image: Buffer): Promise<FoundFace[]>;
  close(): Promise<void>;
}

/** Why the engine could not read a photo: its bytes are no image it decodes. */
export class UnreadablePhoto extends Error {}

/**
 * The worker's code. Built (dist/server), it is the bundle beside this one; from the sources
 * (npm start, the tests), the TypeScript file, compiled as it loads by tsx.
 */
function startWorker(): Worker {
  if (__filename.endsWith('.js')) return new Worker(path.join(__dirname, 'faceWorker.js'));
  const source = path.join(__dirname, 'faceWorker.ts');
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(source)});`, { eval: true });
}

/**
 * One worker, started on the first photo (a server whose events never turn face search on never
 * loads the model) and again after it died; photos are answered in the order they were sent.
 */
export function createFaceEngine(): FaceEngine {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (faces: FoundFace[]) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  const running = (): Worker => {
    if (worker) return worker;
    const started = startWorker();
    started.on('message', (reply: FaceReply) => {
      const pending = waiting.get(reply.id);
      if (!pending) return;
      waiting.delete(reply.id);
      if (waiting.size === 0) started.unref();
      if ('error' in reply) pending.reject(new UnreadablePhoto(reply.error));
      else pending.resolve(reply.faces.map((face) => ({ ...face, descriptor: Float32Array.from(face.descriptor) })));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`the face worker stopped (${code})`));
    });
    worker = started;
    return started;
  };

  return {
    findFaces(image) {
      const id = nextId++;
      return new Promise<FoundFace[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const thread = running();
        // Kept alive while it has photos to answer; idle, it does not keep the process alive.
        thread.ref();
        thread.postMessage({ id, image: new Uint8Array(image) });
      });
    },
    async close() {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
      failAll(new Error('the face engine is closed'));
    },
  };
}
