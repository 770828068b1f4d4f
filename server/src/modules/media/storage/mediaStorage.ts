import crypto from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import {
  DECODE_TIMEOUT_MS,
  decodeOptions,
  MAX_EVENT_MEDIA_FILES,
  MAX_INPUT_PIXELS,
  overPixelLimit,
  withDecodeTimeout,
} from '../../../platform/storage/imageLimits';
import { videoPosterFrame } from './videoPoster';
import { isValidFileName, mediaKind, mimeOf, type MediaKind, type MediaRef } from '../../../../../contract/mediaPath';
import { MEDIA_MODES } from '../../../../../contract/modes';
import { NAME_PATTERN } from '../../../../../contract/names';
import { DomainError, invalid, tooLarge, unprocessable } from '../../../platform/errors';
import { buffer } from 'node:stream/consumers';
import type { ServerConfig } from '../../../platform/config';
import { diskObjectStore } from '../../../platform/storage/diskObjectStore';
import { s3ObjectStore } from '../../../platform/storage/s3ObjectStore';
import type { ObjectStore } from '../../../platform/storage/objectStore';
import { noKeyLock, type KeyLock } from '../../../platform/db/keyLock';
import { peekStream } from '../../../platform/storage/uploadStream';

export const THUMB_SIZE = 360;

/**
 * The display rendition of a still photo: what the collect page draws (at most ~412 CSS px wide
 * on a phone, so 720 covers a dense screen's half-width of detail without the original's weight).
 */
const DISPLAY_MAX_WIDTH = 720;
const DISPLAY_MAX_HEIGHT = 1280;
const DISPLAY_QUALITY = 72;
/** Derivatives made here: one at a time, a short wait for requests (a job waits its turn whatever the line). */
export const DISPLAY_RUNNING = 1;
export const DISPLAY_WAITING = 32;
/** Originals found unusable are not decoded again on every request (a bounded memory of them). */
const DISPLAY_REFUSED_KEPT = 1000;

/** The bytes of randomness in a media file's name while its event is not public (128 bits). */
const UNGUESSABLE_NAME_BYTES = 16;

/**
 * A random name for a file of a link-only or private event, keeping the extension asked for
 * (it says the media's kind). Names a device or a seed picks (`pad-01.jpg`) are guessable; this
 * one is the secret a link-only event's link is.
 */
function unguessableFileName(requested: string): string {
  const extension = /\.[A-Za-z0-9]+$/.exec(requested)?.[0] ?? '';
  return `${crypto.randomBytes(UNGUESSABLE_NAME_BYTES).toString('hex')}${extension}`;
}

/** Where a file asked for as `requested` is stored, given its event's visibility now. */
export interface StorageName {
  file: string;
  unguessable: boolean;
  /** The name asked for, kept when another was chosen. */
  sourceName: string | null;
}

/**
 * Public events keep the names asked for (what booths and seeds have always done); the others get
 * a random one, unless `existing` is the item a previous store of the same name made (a retried
 * upload, a seed loaded again), which keeps its name.
 */
export function storageName(requested: string, isPublic: boolean, existing: string | null): StorageName {
  if (isPublic) return { file: requested, unguessable: false, sourceName: null };
  return { file: existing ?? unguessableFileName(requested), unguessable: true, sourceName: requested };
}

interface StoredMedia {
  kind: MediaKind;
  width: number | null;
  height: number | null;
  hasThumb: boolean;
}

/** What a stored file has beside it: the gallery's tile (thumbnail or poster) and the collect page's photo. */
export type Derivative = 'thumb' | 'display';

/** What making the missing derivatives of a stored original came to. */
export type Derivation =
  /** Everything it can have exists now; the size is a video's, read from its poster (else null). */
  | { outcome: 'made'; hasThumb: boolean; hasDisplay: boolean; width: number | null; height: number | null }
  /** No original (deleted meanwhile): nothing to make. */
  | { outcome: 'missing' }
  /** The original does not decode, or is over the pixel limit: nothing can ever be made of it. */
  | { outcome: 'refused' }
  /** Not now: the decode outlasted its time, or too many were waiting. Another try may pass. */
  | { outcome: 'later' };

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

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** The kind of media a file's name says, refusing a name of no kind and an empty file. */
function knownKind(ref: MediaRef, data: Buffer): MediaKind {
  const kind = mediaKind(ref.file);
  if (!kind) throw unprocessable('unsupported_media', 'Tipo de arquivo não suportado.');
  if (data.length === 0) throw invalid('empty_media', 'Arquivo vazio.');
  return kind;
}

/** A name this storage may hold: an event, a booth mode and a file name, each safe as a path segment. */
function isStorableRef(ref: MediaRef): boolean {
  return (
    NAME_PATTERN.test(ref.bname) && (MEDIA_MODES as readonly string[]).includes(ref.mode) && isValidFileName(ref.file)
  );
}

function checkRef(ref: MediaRef): void {
  if (!isStorableRef(ref)) throw invalid('invalid_media_name', 'Nome de arquivo inválido.');
}

/** Enough of a video's first bytes to tell its kind (an MP4's `ftyp` box at 4, WebM's EBML magic at 0). */
const VIDEO_HEADER_BYTES = 16;

function looksLikeVideo(data: Buffer, file: string): boolean {
  if (/\.webm$/i.test(file)) return data.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  return data.length > 12 && data.subarray(4, 8).toString('latin1') === 'ftyp';
}

/** The gallery tile of an image or a poster frame: upright, at most THUMB_SIZE a side, WebP. */
function thumbnail(image: Buffer, maxPixels: number): Promise<Buffer> {
  return sharp(image, { ...decodeOptions(maxPixels), animated: false })
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 68 })
    .toBuffer();
}

/** The collect page's photo: upright, at most DISPLAY_MAX_WIDTH x DISPLAY_MAX_HEIGHT, WebP. */
function displayRendition(image: Buffer, maxPixels: number): Promise<Buffer> {
  return sharp(image, { ...decodeOptions(maxPixels), animated: false })
    .rotate()
    .resize({ width: DISPLAY_MAX_WIDTH, height: DISPLAY_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: DISPLAY_QUALITY })
    .toBuffer();
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
  countEventFiles?: (bname: string) => Promise<number>;
  /** Derivatives made at once in this process (a server's JOB_WORKERS); one by default. */
  derivationsAtOnce?: number;
}

const TOO_MANY_PIXELS = () =>
  tooLarge('media_too_many_pixels', `A imagem passa de ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** How many files the event's media folder holds, all modes together (temporary files of writes under way are none). */
async function countEventFiles(objects: ObjectStore, bname: string): Promise<number> {
  let count = 0;
  for await (const key of objects.list(`media/${bname}/`)) if (key.split('/').length === 4) count += 1;
  return count;
}

type Shape = (image: Buffer, maxPixels: number) => Promise<Buffer>;

/** The thumbnail (or rendition), or a refusal: never an unexplained 500 for a file libvips will not decode. */
async function boundedThumbnail(
  image: Buffer,
  maxPixels: number,
  timeoutMs: number,
  shape: Shape = thumbnail,
): Promise<Buffer> {
  try {
    return await withDecodeTimeout(shape(image, maxPixels), timeoutMs);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isPixelLimitError(error)) throw TOO_MANY_PIXELS();
    throw unprocessable('unsupported_media', 'O arquivo não é uma imagem válida.');
  }
}

/** The keys of a media file, its thumbnail and its display rendition in the object store. */
export function mediaKey(ref: MediaRef): string {
  return `media/${ref.bname}/${ref.mode}/${ref.file}`;
}
export function thumbKey(ref: MediaRef): string {
  return `thumbs/${ref.bname}/${ref.mode}/${ref.file}.webp`;
}
export function displayKey(ref: MediaRef): string {
  return `display/${ref.bname}/${ref.mode}/${ref.file}.webp`;
}

/** One derivative made (`present`: it exists now) and the size of the picture it was made of; or why not. */
/** A file's tile, once made: whether it has a picture, and the size read from it. */
export interface Tile {
  hasThumb: boolean;
  width: number | null;
  height: number | null;
}

type OneDerivation =
  | { outcome: 'made'; present: boolean; width: number | null; height: number | null }
  | Exclude<Derivation, { outcome: 'made' }>;

/** What a file needs beside it, made from its bytes; the size is the picture's (a video's poster's). */
interface Derivatives {
  width: number | null;
  height: number | null;
  thumb: Buffer | null;
  display: Buffer | null;
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
  const mediaDir = path.join(dataDir, 'media');
  const thumbsDir = path.join(dataDir, 'thumbs');
  const displayDir = path.join(dataDir, 'display');
  const maxPixels = limits.maxPixels ?? MAX_INPUT_PIXELS;
  const timeoutMs = limits.decodeTimeoutMs ?? DECODE_TIMEOUT_MS;
  const maxEventFiles = limits.maxEventFiles ?? MAX_EVENT_MEDIA_FILES;
  const eventFiles = limits.countEventFiles ?? ((bname: string) => countEventFiles(objects, bname));
  const atOnce = Math.max(DISPLAY_RUNNING, limits.derivationsAtOnce ?? DISPLAY_RUNNING);

  const exists = async (key: string) => (await objects.head(key)) !== null;

  // One derivation at a time (each is a full decode of a photo of up to 40 megapixels), a few
  // requests waiting their turn; a burst beyond that is answered with none, and the page shows
  // the original instead. Jobs wait whatever it takes: theirs is no one's request.
  const inFlight = new Map<string, Promise<OneDerivation>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  const refused = new Set<string>();
  const refuse = (target: string) => {
    // Insertion order is age: the oldest is forgotten first.
    if (refused.size >= DISPLAY_REFUSED_KEPT) refused.delete(refused.values().next().value ?? '');
    refused.add(target);
  };

  /** Refuses what is not the media its name says, by its header alone (nothing decoded). */
  async function describe(ref: MediaRef, data: Buffer): Promise<StoredMedia> {
    const kind = knownKind(ref, data);
    if (kind === 'video') {
      if (!looksLikeVideo(data, ref.file)) throw unprocessable('unsupported_media', 'O arquivo não é um vídeo válido.');
      return { kind, width: null, height: null, hasThumb: false };
    }
    // A header over the pixel limit makes libvips refuse even to describe it.
    const metadata = await sharp(data, decodeOptions(maxPixels))
      .metadata()
      .catch((error: unknown) => {
        if (isPixelLimitError(error)) throw TOO_MANY_PIXELS();
        return null;
      });
    const expected = kind === 'gif' ? 'gif' : null;
    if (!metadata?.format || !IMAGE_FORMATS.has(metadata.format) || (expected && metadata.format !== expected)) {
      throw unprocessable('unsupported_media', 'O arquivo não é uma imagem válida.');
    }
    // The header alone tells the size: refuse before decoding a pixel.
    if (overPixelLimit(metadata.width, metadata.height, maxPixels)) throw TOO_MANY_PIXELS();
    return {
      kind,
      width: metadata.autoOrient?.width ?? metadata.width ?? null,
      height: metadata.autoOrient?.height ?? metadata.height ?? null,
      hasThumb: false,
    };
  }

  /** A new file: a name this storage may hold, room in its event's folder, and the media it claims. */
  async function checkNew(ref: MediaRef, data: Buffer): Promise<StoredMedia> {
    checkRef(ref);
    knownKind(ref, data);
    if ((await eventFiles(ref.bname)) >= maxEventFiles) {
      throw tooLarge(
        'event_media_full',
        `A pasta deste evento já tem ${maxEventFiles} arquivos: não cabe mais nenhum.`,
      );
    }
    return describe(ref, data);
  }

  /** The thumbnail and rendition of a checked file (a decode proves its bytes are the image it claims). */
  async function derivativesOf(
    data: Buffer,
    checked: StoredMedia,
    which: readonly Derivative[] = ['thumb', 'display'],
  ): Promise<Derivatives> {
    if (checked.kind === 'video') {
      // Its poster frame is its thumbnail, and the player's poster.
      const frame = which.includes('thumb') ? await videoPosterFrame(data) : null;
      const poster = frame
        ? await sharp(frame, decodeOptions(maxPixels))
            .metadata()
            .catch(() => null)
        : null;
      if (!frame || !poster?.width || !poster.height || overPixelLimit(poster.width, poster.height, maxPixels)) {
        return { width: null, height: null, thumb: null, display: null };
      }
      return {
        width: poster.width,
        height: poster.height,
        thumb: await boundedThumbnail(frame, maxPixels, timeoutMs),
        display: null,
      };
    }
    const thumb = which.includes('thumb') ? await boundedThumbnail(data, maxPixels, timeoutMs) : null;
    // A GIF is drawn as it is (animated): a still WebP of it would stop it.
    const display =
      checked.kind === 'image' && which.includes('display')
        ? await boundedThumbnail(data, maxPixels, timeoutMs, displayRendition)
        : null;
    return { width: checked.width, height: checked.height, thumb, display };
  }

  /** Whether a file of this name has that derivative at all (a video or a GIF has no display rendition). */
  const hasKind = (ref: MediaRef, which: Derivative) => which === 'thumb' || mediaKind(ref.file) === 'image';
  const keyOf = (ref: MediaRef, which: Derivative) => (which === 'thumb' ? thumbKey(ref) : displayKey(ref));

  /** Makes one derivative from the stored original, unless it is there already. */
  async function makeOne(ref: MediaRef, which: Derivative): Promise<OneDerivation> {
    const target = keyOf(ref, which);
    if (await exists(target)) return { outcome: 'made', present: true, width: null, height: null };
    // Not there is 'missing'; a store that fails to answer throws, and the job runs again later.
    const stored = await objects.get(mediaKey(ref));
    if (!stored) return { outcome: 'missing' };
    const original = await buffer(stored.body);
    let made: Derivatives;
    try {
      made = await derivativesOf(original, await describe(ref, original), [which]);
    } catch (error) {
      // A slow decode may pass another time; a file libvips refuses will not.
      if (error instanceof DomainError && error.kind === 'unavailable') return { outcome: 'later' };
      refuse(mediaKey(ref));
      return { outcome: 'refused' };
    }
    const bytes = which === 'thumb' ? made.thumb : made.display;
    // A video with no poster to make (no ffmpeg, frames that do not decode) is not tried again here.
    if (!bytes) refuse(mediaKey(ref));
    else await objects.put(target, bytes, { contentType: 'image/webp' });
    return { outcome: 'made', present: bytes !== null, width: made.width, height: made.height };
  }

  async function turn<T>(work: () => Promise<T>): Promise<T> {
    // A finished job hands its place straight to the next in line, so no newcomer slips in between.
    if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  /**
   * One derivative of a file made at a time here, and across servers under the file's lock (which
   * storing or removing the file holds too, so no derivative of old bytes lands after them);
   * `bounded`: a request's, turned away when the line is long.
   */
  function deriveOne(ref: MediaRef, which: Derivative, bounded: boolean): Promise<OneDerivation> {
    const target = keyOf(ref, which);
    const already = inFlight.get(target);
    if (already) return already;
    if (bounded && running >= atOnce && waiting.length >= DISPLAY_WAITING) return Promise.resolve({ outcome: 'later' });
    const made = turn(() => lock(mediaKey(ref), () => makeOne(ref, which)))
      .catch((): OneDerivation => ({ outcome: 'later' }))
      .finally(() => inFlight.delete(target));
    inFlight.set(target, made);
    return made;
  }

  /**
   * Every derivative a file lacks, the thumbnail first, each in a turn of its own: a gallery
   * waiting for the tile gets it without waiting for the rendition too.
   */
  async function derive(ref: MediaRef, onTile?: (tile: Tile) => Promise<void>): Promise<Derivation> {
    const thumb = await deriveOne(ref, 'thumb', false);
    if (thumb.outcome !== 'made') return thumb;
    await onTile?.({ hasThumb: thumb.present, width: thumb.width, height: thumb.height });
    const display = hasKind(ref, 'display') ? await deriveOne(ref, 'display', false) : null;
    // A rendition that will never be made leaves the tile made all the same (and recorded); one
    // that ran out of time is tried again, the tile already there.
    if (display && display.outcome !== 'made' && display.outcome !== 'refused') return display;
    return {
      outcome: 'made',
      hasThumb: thumb.present,
      hasDisplay: display?.outcome === 'made' && display.present,
      width: thumb.width,
      height: thumb.height,
    };
  }

  return {
    mediaDir,
    thumbsDir,
    displayDir,
    objects,
    reachable: () => objects.reachable(),
    derive(ref, onTile) {
      if (!isStorableRef(ref) || !mediaKind(ref.file)) return Promise.resolve({ outcome: 'missing' });
      return derive(ref, onTile);
    },
    async ensure(ref, which) {
      if (!isStorableRef(ref) || !mediaKind(ref.file) || !hasKind(ref, which)) return false;
      const target = keyOf(ref, which);
      if (await exists(target).catch(() => false)) return true;
      if (refused.has(mediaKey(ref))) return false;
      // A name no file has (anyone may ask one of a public event) takes no place in the line.
      if (!inFlight.has(target) && !(await exists(mediaKey(ref)).catch(() => false))) return false;
      const made = await deriveOne(ref, which, true);
      return made.outcome === 'made' && made.present;
    },
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
        refused.delete(mediaKey(ref));
        await objects.put(mediaKey(ref), data, { contentType: mimeOf(ref.file) });
      });
      return checked;
    },
    async storeStream(ref, body, maxBytes) {
      checkRef(ref);
      if (mediaKind(ref.file) !== 'video') throw unprocessable('unsupported_media', 'Tipo de arquivo não suportado.');
      if ((await eventFiles(ref.bname)) >= maxEventFiles) {
        throw tooLarge(
          'event_media_full',
          `A pasta deste evento já tem ${maxEventFiles} arquivos: não cabe mais nenhum.`,
        );
      }
      const { head, stream } = await peekStream(body, VIDEO_HEADER_BYTES, maxBytes);
      if (head.length === 0) throw invalid('empty_media', 'Arquivo vazio.');
      if (!looksLikeVideo(head, ref.file)) throw unprocessable('unsupported_media', 'O arquivo não é um vídeo válido.');
      // Sent outside the file's lock: a video on venue Wi-Fi may take minutes, and the lock holds a
      // database connection. A poster of the bytes this replaces goes after, under the lock, so no
      // derivation of them lands later (a new one is made from these).
      await objects.put(mediaKey(ref), stream, { contentType: mimeOf(ref.file) });
      await lock(mediaKey(ref), async () => {
        await objects.remove(thumbKey(ref));
        refused.delete(mediaKey(ref));
      });
      return { kind: 'video', width: null, height: null, hasThumb: false };
    },
    async save(ref, data) {
      const checked = await checkNew(ref, data);
      const { width, height, thumb, display } = await derivativesOf(data, checked);
      // The thumbnail and rendition first: once the original exists, they do too.
      if (thumb) await objects.put(thumbKey(ref), thumb, { contentType: 'image/webp' });
      if (display) await objects.put(displayKey(ref), display, { contentType: 'image/webp' });
      // A name stored again (a retried upload) may once have had an original libvips refused.
      refused.delete(mediaKey(ref));
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
