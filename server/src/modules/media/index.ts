/**
 * An event's media: their rows, their files (originals, thumbnails, renditions, posters) in the
 * object store, the derivations' job, the tile sweep, and zip archives of them.
 */
export { sendZip, zipEntries } from './http/zipDownload';
export {
  enqueueDerivatives,
  MEDIA_DERIVATIVES,
  MEDIA_DERIVATIVES_GIVEN_UP,
  MEDIA_DERIVATIVES_GIVEN_UP_SETTINGS,
  MEDIA_DERIVATIVES_SETTINGS,
  mediaDerivativeQueues,
  mediaDerivativesGivenUpJob,
  mediaDerivativesJob,
} from './jobs/mediaDerivativesJob';
export { scheduleTileSweep } from './jobs/tileSweepJob';
export {
  agentVideoOf,
  countEventMedia,
  deviceLastMedia,
  existingMedia,
  findMedia,
  findPrintableMedia,
  galleryState,
  type GalleryState,
  hiddenFiles,
  LISTED_M,
  ON_WALL_M,
  SHOWN_M,
  listMedia,
  type MediaRow,
  toUrl,
} from './media';
export { deleteResultMedia, findBySourceName, insertMedia, insertMediaWith, refreshEventImages } from './mediaIndexing';
export { publicGalleryHead, type PublicGalleryHead, publicMedia, type PublicMedia } from './mediaPageHeads';
export {
  configuredMediaStorage,
  displayKey,
  mediaKey,
  type MediaStorage,
  storageName,
  thumbKey,
} from './storage/mediaStorage';

import type { MediaStorage } from './storage/mediaStorage';

/** The handles this module puts on the context every route receives (app.ts builds it). */
declare module '../../platform/context' {
  interface AppContext {
    storage: MediaStorage;
  }
}
