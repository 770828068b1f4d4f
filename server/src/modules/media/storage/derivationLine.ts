import { buffer } from 'node:stream/consumers';
import { mediaKind, type MediaRef } from '../../../../../contract/mediaPath';
import type { KeyLock } from '../../../platform/db/keyLock';
import { DomainError } from '../../../platform/errors';
import { describeMedia } from './mediaCheck';
import { isStorableRef, displayKey, mediaKey, thumbKey } from './mediaNames';
import { derivativesOf, type DecodeBounds, type Derivative, type Derivatives } from './mediaRenditions';
import type { ObjectStore } from '../../../platform/storage/objectStore';

/** Derivatives made here: one at a time, a short wait for requests (a job waits its turn whatever the line). */
export const DISPLAY_RUNNING = 1;
export const DISPLAY_WAITING = 32;
/** Originals found unusable are not decoded again on every request (a bounded memory of them). */
const DISPLAY_REFUSED_KEPT = 1000;

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

/** A file's tile, once made: whether it has a picture, and the size read from it. */
export interface Tile {
  hasThumb: boolean;
  width: number | null;
  height: number | null;
}

/** One derivative made (`present`: it exists now) and the size of the picture it was made of; or why not. */
type OneDerivation =
  | { outcome: 'made'; present: boolean; width: number | null; height: number | null }
  | Exclude<Derivation, { outcome: 'made' }>;

/** The derivatives of stored originals, made when missing: by a job, or by the request that needs one. */
export interface DerivationLine {
  /** Every derivative a file lacks (MediaStorage.derive). */
  derive(ref: MediaRef, onTile?: (tile: Tile) => Promise<void>): Promise<Derivation>;
  /** Whether a derivative exists once this resolves (MediaStorage.ensure). */
  ensure(ref: MediaRef, which: Derivative): Promise<boolean>;
  /** A name stored again: its original, refused before, is worth a try. */
  forgetRefused(ref: MediaRef): void;
}

/** Whether a file of this name has that derivative at all (a video or a GIF has no display rendition). */
const hasKind = (ref: MediaRef, which: Derivative) => which === 'thumb' || mediaKind(ref.file) === 'image';
const keyOf = (ref: MediaRef, which: Derivative) => (which === 'thumb' ? thumbKey(ref) : displayKey(ref));

/**
 * One derivation at a time (each is a full decode of a photo of up to 40 megapixels, `atOnce`
 * with more job workers), a few requests waiting their turn; a burst beyond that is answered with
 * none, and the page shows the original instead. Jobs wait whatever it takes: theirs is no one's
 * request. `lock` keeps two servers from making the same derivative at once (platform/db/keyLock.ts).
 */
export function derivationLine(
  objects: ObjectStore,
  lock: KeyLock,
  bounds: DecodeBounds,
  atOnce: number,
): DerivationLine {
  const inFlight = new Map<string, Promise<OneDerivation>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  const refused = new Set<string>();
  const refuse = (target: string) => {
    // Insertion order is age: the oldest is forgotten first.
    if (refused.size >= DISPLAY_REFUSED_KEPT) refused.delete(refused.values().next().value ?? '');
    refused.add(target);
  };

  const exists = async (key: string) => (await objects.head(key)) !== null;

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
      made = await derivativesOf(original, await describeMedia(ref, original, bounds.maxPixels), bounds, [which]);
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
    forgetRefused: (ref) => refused.delete(mediaKey(ref)),
  };
}
