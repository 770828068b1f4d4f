/**
 * Face search: the face model in its worker thread (model/), the index of an event's faces and its
 * job, the search by selfie, hidden faces and photos, the owner's setting.
 */
export { type FacesFoundHook, photoJoinsFaceIndex } from './faceIndexRows';
export { lockFacesOf } from './faceLock';
export { noteSelfiesForgotten, purgeExpiredHiddenFaces, purgeExpiredSelfies, selfieOf } from './faceSearch';
export { faceSearchRoutes } from './http/faceSearchRoutes';
export { faceSearchSettingsRoutes } from './http/faceSearchSettingsRoutes';
export {
  enqueueFaceIndex,
  FACE_INDEX,
  FACE_INDEX_SETTINGS,
  faceIndexJob,
  scheduleFaceIndexSweep,
} from './jobs/faceIndexJob';
export { createFaceEngine, type FaceEngine } from './model/faceEngine';
export { descriptorBytes, descriptorDistance, descriptorOf, SAME_PERSON_DISTANCE } from './model/faceMatch';
export { deleteExpiredFaces, removeFaceFiles } from './selfies';

import type { FaceEngine } from './model/faceEngine';

/** The handles this module puts on the context every route receives (app.ts builds it). */
declare module '../../platform/context' {
  interface AppContext {
    /** The face model, in a worker thread of its own. */
    faces: FaceEngine;
  }
}
