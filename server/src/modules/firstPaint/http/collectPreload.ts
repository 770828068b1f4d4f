import type { FastifyRequest } from 'fastify';
import {
  displayUrl,
  FILE_PATTERN,
  isValidFileName,
  mediaKind,
  mediaUrl,
  thumbUrl,
  type MediaRef,
} from '../../../../../contract/mediaPath';
import { isMediaMode } from '../../../../../contract/modes';
import { isName } from '../../../../../contract/names';
import type { Queryable } from '../../../platform/db/database';
import { publicMedia, type PublicMedia } from '../../media';

/**
 * The collect page's largest paint is the photo its link names (docs/product.md#collect
 * screen"). Its HTML can ask for that photo before any script runs: the thumbnail first (small,
 * shown at once), then the photo as the screen draws it (a still photo's display rendition).
 * Only for media of a public event that exists: a link is input from anyone, so nothing of it is
 * written into the page unless it is one of this site's own media paths, and a private event's
 * media is never announced to whoever opens the link.
 */

/** Exactly `/media/{event}/{mode}/{file}`: no scheme, host, query, encoding or extra segment. */
const COLLECT_ID = /^\/media\/([A-Za-z0-9_-]{1,64})\/([a-z0-9]{1,16})\/([^/]{1,128})$/;

export function collectIdRef(id: unknown): MediaRef | null {
  if (typeof id !== 'string') return null;
  const match = COLLECT_ID.exec(id);
  if (!match) return null;
  const [, eventName, mode, file] = match;
  if (!isName(eventName) || !isMediaMode(mode) || !FILE_PATTERN.test(file) || !isValidFileName(file)) return null;
  return { eventName, mode, file };
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
};

export function escapeAttribute(value: string): string {
  return value.replace(/[&"<>']/g, (character) => ATTRIBUTE_ESCAPES[character]);
}

/** Where the SPA fetches media from (src/api/mediaSource.ts): API_BASE's origin when it names one. */
export function mediaOrigin(apiBase: string): string {
  if (!/^https?:\/\//i.test(apiBase)) return '';
  try {
    return new URL(apiBase).origin;
  } catch {
    return '';
  }
}

function preloadTag(href: string): string {
  return `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`;
}

/**
 * What the screen draws for a still photo: its display rendition (tens of KB where the original
 * weighs megabytes, made on first request for older media), the same URL as CollectPhoto's so
 * the browser fetches it once. A GIF is drawn as it is, to keep it moving.
 */
function drawnUrl(ref: MediaRef, media: PublicMedia, origin: string): string {
  return origin + (mediaKind(ref.file) === 'image' && media.kind === 'image' ? displayUrl(ref) : mediaUrl(ref));
}

/** The preload tags for a collect link's media, thumbnail first; empty for anything else. */
function collectPreloadTags(ref: MediaRef, media: PublicMedia, origin: string): string {
  const tags: string[] = [];
  if (media.has_thumb) tags.push(preloadTag(origin + thumbUrl(ref)));
  // A video plays from its poster (the thumbnail): the file itself is not fetched up front.
  if (mediaKind(ref.file) !== 'video' && media.kind !== 'video') tags.push(preloadTag(drawnUrl(ref, media, origin)));
  return tags.join('');
}

/**
 * The photo itself in the page, before any script runs: the screen's largest paint happens as
 * soon as the photo arrives, not once the scripts have drawn the screen. It is drawn over the top
 * of the page, at least as large as the screen will draw it (70vh tall at most, the screen's
 * width), so the screen's own photo, drawn later from the same file, is not a later, larger
 * paint; the collect screen removes it once its own photo is there (CollectPhoto.tsx). When the
 * rendition cannot be had (a 404), this copy shows at most the thumbnail, and the screen falls
 * back to the original.
 */
function collectShellMarkup(ref: MediaRef, media: PublicMedia, origin: string): string {
  if (media.kind === 'video' || mediaKind(ref.file) === 'video' || !media.width || !media.height) return '';
  const ratio = media.width / media.height;
  const thumb = media.has_thumb ? `background:url(${origin}${thumbUrl(ref)}) center/contain no-repeat;` : '';
  const style =
    `position:absolute;top:0;left:0;right:0;z-index:10;display:block;margin:0 auto;width:min(100vw,calc(70vh*` +
    `${ratio.toFixed(4)}));height:auto;aspect-ratio:${media.width}/${media.height};${thumb}`;
  return (
    `<img data-shell-preview src="${escapeAttribute(drawnUrl(ref, media, origin))}" width="${media.width}" ` +
    `height="${media.height}" alt="" style="${escapeAttribute(style)}">`
  );
}

/** What a page gets for one request: markup at the end of its head, and just before its root. */
interface PageExtras {
  head: string;
  root: string;
  /**
   * `root` draws the page's largest paint, a photo (or the events list's words): the app's scripts may wait for it
   * (contract/firstPaint/photoFirst.ts).
   */
  photo?: boolean;
  /** `root` is drawn with its screen's own stylesheets (the build's route chunks): the page applies them at once. */
  styles?: boolean;
}

export type PageHead = (request: FastifyRequest) => Promise<PageExtras | null>;

/** The first of these heads that has something for the request. */
export function firstPageHead(heads: readonly PageHead[]): PageHead {
  return async (request) => {
    for (const head of heads) {
      const extras = await head(request);
      if (extras) return extras;
    }
    return null;
  };
}

/** The collect page's preloads and shell photo, read from its `id` query; a failed lookup only loses them. */
export function collectPageHead(db: Queryable, apiBase: string): PageHead {
  const origin = mediaOrigin(apiBase);
  return async (request) => {
    if (request.url.split('?')[0] !== '/collect') return null;
    const ref = collectIdRef((request.query as Record<string, unknown> | undefined)?.id);
    if (!ref) return null;
    try {
      const media = await publicMedia(db, ref);
      if (!media) return null;
      const root = collectShellMarkup(ref, media, origin);
      return { head: collectPreloadTags(ref, media, origin), root, photo: root !== '' };
    } catch (error) {
      request.log.warn({ err: error }, 'collect preload lookup failed');
      return null;
    }
  };
}
