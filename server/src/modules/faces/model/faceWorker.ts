/**
 * The face worker: a thread of its own that holds the face model and answers "which
 * faces are in this photo", so that a second of detection never holds up a request. One per app
 * process, started by faceEngine.ts on its first use.
 */
import { parentPort } from 'node:worker_threads';
import { decodeForFaces } from './faceImage';
import { findFaces, loadFaceModel } from './faceModel';
import { answerPhoto, type FaceRequest, type FaceWorkerMessage } from './faceMessages';

const port = parentPort;
if (!port) throw new Error('faceWorker.ts runs as a worker thread (server/src/modules/faces/model/faceEngine.ts)');

const steps = { decode: decodeForFaces, load: loadFaceModel, find: findFaces };

// One photo at a time, in order: the model is one, and the engine queues what it sends.
let queue = Promise.resolve();
port.on('message', (request: FaceRequest) => {
  queue = queue.then(async () => {
    const reply: FaceWorkerMessage = await answerPhoto(request, steps);
    port.postMessage(reply);
  });
});

const ready: FaceWorkerMessage = { kind: 'ready' };
port.postMessage(ready);
