import path from 'node:path';
import { mediaKind, mimeOf, type MediaRef } from '../../../../../contract/mediaPath';
import type { ServerConfig } from '../../../platform/config';
import { noKeyLock, type KeyLock } from '../../../platform/db/keyLock';
import { invalid, unprocessable } from '../../../platform/errors';
import { derivationLine, DISPLAY_RUNNING, type Derivation, type Tile } from './derivationLine';
import { diskObjectStore } from '../../../platform/storage/diskObjectStore';
import { DECODE_TIMEOUT_MS, MAX_EVENT_MEDIA_FILES, MAX_INPUT_PIXELS } from '../../../platform/storage/imageLimits';
import {
  describeMedia,
  eventMediaFull,
  knownKind,
  looksLikeVideo,
  VIDEO_HEADER_BYTES,
  type StoredMedia,
} from './mediaCheck';
import { checkRef, displayKey, mediaKey, thumbKey } from './mediaNames';
import { derivativesOf, type Derivative } from './mediaRenditions';
import type { ObjectStore } from '../../../platform/storage/objectStore';
import { s3ObjectStore } from '../../../platform/storage/s3ObjectStore';
import { peekStream } from '../../../platform/storage/uploadStream';
import type { EventName } from '../../../../../contract/names';

// What the rest of the server and the tests use of the storage's parts, through its entry.
export { DISPLAY_RUNNING, DISPLAY_WAITING, type Derivation, type Tile } from './derivationLine';
export { displayKey, mediaKey, storageName, thumbKey, type StorageName } from './mediaNames';
export { THUMB_SIZE, type Derivative } from './mediaRenditions';
export type { StoredMedia } from './mediaCheck';

/**
 * Where media files live: `{mediaDir}/{bname}/{mode}/{file}`, their thumbnails and the display
 * renditions of still photos beside (`{thumbsDir|displayDir}/{bname}/{mode}/{file}.webp`).
 */
export interface MediaStorage {
  mediaDir: string;
  thumbsDir: string;
  displayDir: string;
  /** Checks a file, makes its derivatives and stores all of it (the seed's way: everything at once). */
  save(ref: MediaRef, data: Buffer): Promise<StoredMedia>;
  /**
   * Checks a file by its header and stores the original alone (an upload's way): its derivatives
   * are made by a job (modules/media/jobs/mediaDerivativesJob.ts) or by the first request that needs one.
   */
  store(ref: MediaRef, data: Buffer): Promise<StoredMedia>;
  /**
   * `store` for a video as it arrives (a 360 video may be 80 MB): checked by its first bytes, sent
   * on to the object store chunk by chunk, never whole in memory; refused with 413 past `maxBytes`,
   * leaving nothing stored.
   */
  storeStream(ref: MediaRef, body: AsyncIterable<unknown>, maxBytes: number): Promise<StoredMedia>;
  /**
   * Makes whatever derivative of a stored original is missing, one at a time in this process and
   * under the key lock across servers, so that two asking at once make it once. `onTile` hears
   * of the thumbnail as soon as it is there (made now or before), before the rendition is made.
   */
  derive(ref: MediaRef, onTile?: (tile: Tile) => Promise<void>): Promise<Derivation>;
  /**
   * Whether a derivative exists once this resolves, making it from the stored original when it is
   * missing. Never throws: false for a file that has none, a bad original, or while too many wait.
   */
  ensure(ref: MediaRef, which: Derivative): Promise<boolean>;
  /** Deletes a stored file with its thumbnail and display rendition; nothing for a file not there. */
  remove(ref: MediaRef): Promise<void>;
  /** Resolves when files can be stored and read (the readiness check); rejects, saying why, otherwise. */
  reachable(): Promise<void>;
  /** Where the files are (media/, thumbs/, display/ keys): what the media routes send them from. */
  objects: ObjectStore;
}

export interface MediaLimits {
  maxPixels?: number;
  decodeTimeoutMs?: number;
  maxEventFiles?: number;
  /**
   * How many files an event holds, against `maxEventFiles`: the server counts its rows (one
   * indexed query); without it, the store's keys are listed (a bucket answers a thousand a
   * request, and an upload would ask for them all).
   */
  countEventFiles?: (eventName: EventName) => Promise<number>;
  /** Derivatives made at once in this process (a server's JOB_WORKERS); one by default. */
  derivationsAtOnce?: number;
}

/** How many files the event's media folder holds, all modes together (temporary files of writes under way are none). */
async function countEventFiles(objects: ObjectStore, eventName: EventName): Promise<number> {
  let count = 0;
  for await (const key of objects.list(`media/${eventName}/`)) if (key.split('/').length === 4) count += 1;
  return count;
}

/**
 * The media of events in `objects` (the data folder's by default; a bucket with MEDIA_STORE=s3):
 * originals, thumbnails and display renditions under media/, thumbs/ and display/. `lock` keeps
 * two servers from making the same derivative at once (platform/db/keyLock.ts); one process needs none.
 */
export function createMediaStorage(
  dataDir: string,
  limits: MediaLimits = {},
  objects: ObjectStore = diskObjectStore(dataDir),
  lock: KeyLock = noKeyLock,
): MediaStorage {
  const bounds = {
    maxPixels: limits.maxPixels ?? MAX_INPUT_PIXELS,
    timeoutMs: limits.decodeTimeoutMs ?? DECODE_TIMEOUT_MS,
  };
  const maxEventFiles = limits.maxEventFiles ?? MAX_EVENT_MEDIA_FILES;
  const eventFiles = limits.countEventFiles ?? ((eventName: EventName) => countEventFiles(objects, eventName));
  const line = derivationLine(
    objects,
    lock,
    bounds,
    Math.max(DISPLAY_RUNNING, limits.derivationsAtOnce ?? DISPLAY_RUNNING),
  );

  async function checkRoom(eventName: EventName): Promise<void> {
    if ((await eventFiles(eventName)) >= maxEventFiles) throw eventMediaFull(maxEventFiles);
  }

  /** A new file: a name this storage may hold, room in its event's folder, and the media it claims. */
  async function checkNew(ref: MediaRef, data: Buffer): Promise<StoredMedia> {
    checkRef(ref);
    knownKind(ref, data);
    await checkRoom(ref.eventName);
    return describeMedia(ref, data, bounds.maxPixels);
  }

  return {
    mediaDir: path.join(dataDir, 'media'),
    thumbsDir: path.join(dataDir, 'thumbs'),
    displayDir: path.join(dataDir, 'display'),
    objects,
    reachable: () => objects.reachable(),
    derive: line.derive,
    ensure: line.ensure,
    async remove(ref) {
      checkRef(ref);
      // Under the file's lock: a derivation under way on any server ends before, and makes nothing after.
      await lock(mediaKey(ref), async () => {
        await objects.remove(mediaKey(ref));
        await objects.remove(thumbKey(ref));
        await objects.remove(displayKey(ref));
      });
    },
    async store(ref, data) {
      const checked = await checkNew(ref, data);
      // Derivatives of bytes stored before under this name (a retried upload) are not these
      // bytes': gone with the old original, under the lock a derivation of it holds.
      await lock(mediaKey(ref), async () => {
        await objects.remove(thumbKey(ref));
        await objects.remove(displayKey(ref));
        line.forgetRefused(ref);
        await objects.put(mediaKey(ref), data, { contentType: mimeOf(ref.file) });
      });
      return checked;
    },
    async storeStream(ref, body, maxBytes) {
      checkRef(ref);
      if (mediaKind(ref.file) !== 'video') throw unprocessable('unsupported_media', 'Tipo de arquivo não suportado.');
      await checkRoom(ref.eventName);
      const { head, stream } = await peekStream(body, VIDEO_HEADER_BYTES, maxBytes);
      if (head.length === 0) throw invalid('empty_media', 'Arquivo vazio.');
      if (!looksLikeVideo(head, ref.file)) throw unprocessable('unsupported_media', 'O arquivo não é um vídeo válido.');
      // Sent outside the file's lock: a video on venue Wi-Fi may take minutes, and the lock holds a
      // database connection. A poster of the bytes this replaces goes after, under the lock, so no
      // derivation of them lands later (a new one is made from these).
      await objects.put(mediaKey(ref), stream, { contentType: mimeOf(ref.file) });
      await lock(mediaKey(ref), async () => {
        await objects.remove(thumbKey(ref));
        line.forgetRefused(ref);
      });
      return { kind: 'video', width: null, height: null, hasThumb: false };
    },
    async save(ref, data) {
      const checked = await checkNew(ref, data);
      const { width, height, thumb, display } = await derivativesOf(data, checked, bounds);
      // The thumbnail and rendition first: once the original exists, they do too.
      if (thumb) await objects.put(thumbKey(ref), thumb, { contentType: 'image/webp' });
      if (display) await objects.put(displayKey(ref), display, { contentType: 'image/webp' });
      // A name stored again (a retried upload) may once have had an original libvips refused.
      line.forgetRefused(ref);
      await objects.put(mediaKey(ref), data, { contentType: mimeOf(ref.file) });
      return { kind: checked.kind, width, height, hasThumb: thumb !== null };
    },
  };
}

/** The media storage the configuration names: the data folder's, or a bucket's (MEDIA_STORE=s3). */
export function configuredMediaStorage(
  config: Pick<ServerConfig, 'dataDir' | 'mediaStore'>,
  limits: MediaLimits = {},
  lock: KeyLock = noKeyLock,
): MediaStorage {
  const objects = config.mediaStore.kind === 's3' ? s3ObjectStore(config.mediaStore) : diskObjectStore(config.dataDir);
  return createMediaStorage(config.dataDir, limits, objects, lock);
}
