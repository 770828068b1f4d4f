import type { MediaRef } from '../../../../../contract/mediaPath';

/**
 * The addresses of public events' files on a CDN (MEDIA_PUBLIC_BASE, modules/access/http/publicMedia.ts). The
 * CDN's origin is this app, which serves them under `/publico/...`.
 */
export const PUBLIC_MEDIA_PATH = '/publico';

/** The gate's redirect to the CDN: kept a few minutes by the browser, so a gallery's files skip it when seen again. */
const REDIRECT_CACHE = 'public, max-age=300';

/**
 * Where a public file is fetched from the CDN: its folder (`/media/`, `/thumbs/`, `/display/`)
 * and the file it is, written one way only (never the request's own spelling: every way of
 * writing one address would be a copy of its own in the CDN).
 */
export function publicMediaLocation(base: string, prefix: string, ref: MediaRef): string {
  const name = prefix === '/media/' ? ref.file : `${ref.file}.webp`;
  return `${base}${PUBLIC_MEDIA_PATH}${prefix}${[ref.eventName, ref.mode, name].map(encodeURIComponent).join('/')}`;
}

/** The gate's answer to a public file's request when MEDIA_PUBLIC_BASE is set: to the CDN. */
export function redirectToPublicBase(
  base: string,
  prefix: string,
  ref: MediaRef,
): { location: string; cacheControl: string } {
  return { location: publicMediaLocation(base, prefix, ref), cacheControl: REDIRECT_CACHE };
}
