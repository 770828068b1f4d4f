import { isMediaMode, type MediaMode } from './modes';
import { NAME_PATTERN, type EventName } from './names';

/**
 * Media URLs are `/media/{bname}/{mode}/{file}` (docs/api.md#basics). A collect id is such a
 * path, or any longer storage path or URL whose last three segments are event, mode and file.
 */
export interface MediaRef {
  eventName: EventName;
  mode: MediaMode;
  file: string;
}

export type MediaKind = 'image' | 'gif' | 'video';

export const FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

const EXTENSIONS: Record<string, MediaKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  gif: 'gif',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
};

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/** The content type of a media file name (octet-stream when unknown). */
export function mimeOf(fileName: string): string {
  return MIME[fileName.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

export function mediaKind(file: string): MediaKind | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase();
  return extension ? (EXTENSIONS[extension] ?? null) : null;
}

export function isValidFileName(file: string): boolean {
  return FILE_PATTERN.test(file) && !file.includes('..') && mediaKind(file) !== null;
}

/** Reads a collect id or media URL; null when its last three segments are not a media item. */
export function parseMediaPath(id: string): MediaRef | null {
  if (typeof id !== 'string' || id.length === 0 || id.length > 1024) return null;
  const withoutQuery = id.split(/[?#]/)[0];
  let pathname: string;
  try {
    pathname = /^[a-z]+:\/\//i.test(withoutQuery) ? new URL(withoutQuery).pathname : withoutQuery;
  } catch {
    return null;
  }
  const segments = pathname.split('/').filter((s) => s.length > 0);
  if (segments.length < 3) return null;
  const [eventName, mode, file] = segments.slice(-3).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return '';
    }
  });
  if (!NAME_PATTERN.test(eventName) || eventName.length > 64 || !isMediaMode(mode) || !isValidFileName(file))
    return null;
  return { eventName, mode, file };
}

export function mediaUrl({ eventName, mode, file }: MediaRef): string {
  return `/media/${eventName}/${mode}/${file}`;
}

/** A small WebP for galleries; only images and GIFs have one. */
export function thumbUrl({ eventName, mode, file }: MediaRef): string {
  return `/thumbs/${eventName}/${mode}/${file}.webp`;
}

/**
 * The display rendition of a still photo (WebP, at most 720 px wide): what the collect screen
 * draws, a fraction of the original's weight. Only images have one (not GIFs, not videos); the
 * server makes it on first request for older media and answers 404 when it cannot.
 */
export function displayUrl({ eventName, mode, file }: MediaRef): string {
  return `/display/${eventName}/${mode}/${file}.webp`;
}

/** Print identifiers ending in .gif or .mp4 cannot be printed (docs/product.md#constants-and-limits). */
export function isPrintable(printId: string): boolean {
  return !/\.(gif|mp4)$/i.test(printId);
}
