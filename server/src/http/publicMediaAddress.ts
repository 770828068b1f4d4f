/**
 * The addresses of public events' files on a CDN (MEDIA_PUBLIC_BASE, http/publicMedia.ts). The
 * CDN's origin is this app, which serves them under `/publico/...`.
 */
export const PUBLIC_MEDIA_PATH = '/publico';

/** The gate's redirect to the CDN: kept a few minutes by the browser, so a gallery's files skip it when seen again. */
const REDIRECT_CACHE = 'public, max-age=300';

/** Where a public file of the app's address `url` (`/thumbs/...`) is fetched from the CDN. */
export function publicMediaLocation(base: string, url: string): string {
  return `${base}${PUBLIC_MEDIA_PATH}${url.split('?')[0]}`;
}

/** The gate's answer to a public file's request when MEDIA_PUBLIC_BASE is set: to the CDN. */
export function redirectToPublicBase(base: string, url: string): { location: string; cacheControl: string } {
  return { location: publicMediaLocation(base, url), cacheControl: REDIRECT_CACHE };
}
