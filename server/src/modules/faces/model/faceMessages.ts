import type { RawImage } from './faceImage';
import type { FoundFace } from './faceModel';

/** What the engine asks the face worker: the faces of one photo (its bytes, as stored). */
export interface FaceRequest {
  id: number;
  image: Uint8Array;
}

/**
 * The worker's answer to a photo. Why it failed says whose fault it is, and so what the engine
 * rejects with: `unreadable`, the bytes are no image (the photo's, for good); `unavailable`, the
 * model did not load (nobody's photo: tried again later); `failed`, the model failed on this
 * photo (maybe the photo's: counted against it).
 */
export type FaceReply =
  | { id: number; kind: 'faces'; faces: FoundFace[] }
  | { id: number; kind: 'unreadable' | 'unavailable' | 'failed'; message: string };

/**
 * What the worker says of itself once its code is loaded: a thread that dies before this died of its own start, not of
 * a photo.
 */
export interface FaceWorkerReady {
  kind: 'ready';
}

export type FaceWorkerMessage = FaceReply | FaceWorkerReady;

/** The steps of answering a photo: the worker's own, or a test's. */
export interface FaceSteps {
  decode(bytes: Buffer): Promise<RawImage>;
  load(): Promise<void>;
  find(image: RawImage): Promise<FoundFace[]>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Answers one photo: decoded first (only a failure there makes the photo unreadable), then the
 * model loaded, then its faces found; each step's failure is told apart.
 */
export async function answerPhoto({ id, image }: FaceRequest, steps: FaceSteps): Promise<FaceReply> {
  let decoded: RawImage;
  try {
    decoded = await steps.decode(Buffer.from(image));
  } catch (error) {
    return { id, kind: 'unreadable', message: messageOf(error) };
  }
  try {
    await steps.load();
  } catch (error) {
    return { id, kind: 'unavailable', message: messageOf(error) };
  }
  try {
    const faces = await steps.find(decoded);
    return {
      id,
      kind: 'faces',
      faces: faces.map((face) => ({ box: face.box, score: face.score, descriptor: face.descriptor })),
    };
  } catch (error) {
    return { id, kind: 'failed', message: messageOf(error) };
  }
}
