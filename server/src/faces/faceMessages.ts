import type { FoundFace } from './faceModel';

/** What the engine asks the face worker: the faces of one photo (its bytes, as stored). */
export interface FaceRequest {
  id: number;
  image: Uint8Array;
}

/** The worker's answer: the faces, or why the photo could not be read. */
export type FaceReply = { id: number; faces: FoundFace[] } | { id: number; error: string };
