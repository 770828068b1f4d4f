import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FaceReply, FaceWorkerMessage } from './faceMessages';
import type { FoundFace } from './faceModel';

/**
 * Finds the faces of photos off the request path: the model runs in a worker thread.
 * It rejects with UnreadablePhoto when the bytes are no image, with PhotoFailed when the model
 * failed on the photo (the photo may be why), and with a plain Error otherwise (the model did not
 * load, the engine is closed: the photo is not to blame, and may be tried again).
 */
export interface FaceEngine {
  /** The faces of a photo (its stored bytes), most certain first. */
  findFaces(image: Buffer): Promise<FoundFace[]>;
  /** True once close() was called: a closed engine finds nothing and starts no thread. */
  readonly closed: boolean;
  close(): Promise<void>;
}

/** Why the engine could not read a photo: its bytes are no image it decodes. */
export class UnreadablePhoto extends Error {}

/** The model failed on this photo, or its thread died with the photo in it: the photo may be the cause. */
export class PhotoFailed extends Error {}

/**
 * The worker's code. Built (dist/server), it is the bundle beside this one; from the sources
 * (npm start, the tests), the TypeScript file, compiled as it loads by tsx (named by its full
 * path: the eval'ed code resolves bare names from the process's folder, not from ours).
 */
const TSX_REGISTER = 'tsx/cjs/api';

function startWorker(): Worker {
  if (__filename.endsWith('.js')) return new Worker(path.join(__dirname, 'faceWorker.js'));
  const source = path.join(__dirname, 'faceWorker.ts');
  // Resolved at run time only: the bundle's dependency check must not count tsx (a devDependency) as the built
  // server's.
  const tsx = createRequire(__filename).resolve(TSX_REGISTER);
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, { eval: true });
}

/** What the engine rejects a photo's answer with, by the worker's reason. */
function replyError(reply: Exclude<FaceReply, { kind: 'faces' }>): Error {
  if (reply.kind === 'unreadable') return new UnreadablePhoto(reply.message);
  if (reply.kind === 'failed') return new PhotoFailed(reply.message);
  return new Error(`the face model is unavailable: ${reply.message}`);
}

const closedError = () => new Error('the face engine is closed');

export interface FaceEngineOptions {
  /** Starts the worker thread (a test's stand-in); by default the face worker. */
  start?: () => Worker;
}

/**
 * One worker, started on the first photo (a server whose events never turn face search on never
 * loads the model) and again after it died; photos are answered in the order they were sent.
 */
export function createFaceEngine({ start = startWorker }: FaceEngineOptions = {}): FaceEngine {
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (faces: FoundFace[]) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  const running = (): Worker => {
    if (worker) return worker;
    const started = start();
    // A thread that dies before it is ready died of its start (its code, its module): no photo's fault.
    let ready = false;
    const died = (why: string) => {
      if (closed) failAll(closedError());
      else failAll(ready ? new PhotoFailed(why) : new Error(why));
    };
    started.on('message', (message: FaceWorkerMessage) => {
      if (message.kind === 'ready') {
        ready = true;
        return;
      }
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (waiting.size === 0) started.unref();
      if (message.kind === 'faces')
        pending.resolve(message.faces.map((face) => ({ ...face, descriptor: Float32Array.from(face.descriptor) })));
      else pending.reject(replyError(message));
    });
    started.on('error', (error) => died(`the face worker failed: ${error.message}`));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      died(`the face worker stopped (${code})`);
    });
    worker = started;
    return started;
  };

  return {
    get closed() {
      return closed;
    },
    findFaces(image) {
      if (closed) return Promise.reject(closedError());
      const id = nextId++;
      return new Promise<FoundFace[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        try {
          const thread = running();
          // Kept alive while it has photos to answer; idle, it does not keep the process alive.
          thread.ref();
          thread.postMessage({ id, image: new Uint8Array(image) });
        } catch (error) {
          // Never sent: nothing will answer it.
          waiting.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    async close() {
      closed = true;
      const stopping = worker;
      worker = null;
      failAll(closedError());
      if (stopping) await stopping.terminate();
    },
  };
}
