/**
 * The face worker (issue 28): a thread of its own that holds the face model and answers "which
 * faces are in this photo", so that a second of detection never holds up a request. One per app
 * process, started by faceEngine.ts on its first use.
 */
import { parentPort } from 'node:worker_threads';
import { decodeForFaces } from './faceImage';
import { findFaces } from './faceModel';
import type { FaceReply, FaceRequest } from './faceMessages';

const port = parentPort;
if (!port) throw new Error('faceWorker.ts runs as a worker thread (server/src/faces/faceEngine.ts)');

// One photo at a time, in order: the model is one, and the engine queues what it sends.
let queue = Promise.resolve();
port.on('message', (request: FaceRequest) => {
  queue = queue.then(async () => {
    let reply: FaceReply;
    try {
      const faces = await findFaces(await decodeForFaces(Buffer.from(request.image)));
      reply = { id: request.id, faces: faces.map((face) => ({ box: face.box, score: face.score, descriptor: face.descriptor })) };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
});
