import crypto from 'node:crypto';
import { isValidFileName, type MediaRef } from '../../../../../contract/mediaPath';
import { MEDIA_MODES } from '../../../../../contract/modes';
import { NAME_PATTERN } from '../../../../../contract/names';
import { invalid } from '../../../platform/errors';

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

/** A name this storage may hold: an event, a booth mode and a file name, each safe as a path segment. */
export function isStorableRef(ref: MediaRef): boolean {
  return (
    NAME_PATTERN.test(ref.eventName) &&
    (MEDIA_MODES as readonly string[]).includes(ref.mode) &&
    isValidFileName(ref.file)
  );
}

export function checkRef(ref: MediaRef): void {
  if (!isStorableRef(ref)) throw invalid('invalid_media_name', 'Nome de arquivo inválido.');
}

/** The keys of a media file, its thumbnail and its display rendition in the object store. */
export function mediaKey(ref: MediaRef): string {
  return `media/${ref.eventName}/${ref.mode}/${ref.file}`;
}
export function thumbKey(ref: MediaRef): string {
  return `thumbs/${ref.eventName}/${ref.mode}/${ref.file}.webp`;
}
export function displayKey(ref: MediaRef): string {
  return `display/${ref.eventName}/${ref.mode}/${ref.file}.webp`;
}
