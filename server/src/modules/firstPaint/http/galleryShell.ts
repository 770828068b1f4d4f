import type { FastifyRequest } from 'fastify';
import {
  firstRowItems,
  GALLERY_SHELL_ATTRIBUTE,
  PHONE_COLUMNS,
  rowCount,
  rowItems,
} from '../../../../../contract/galleryRows';
import { thumbUrl } from '../../../../../contract/mediaPath';
import { BOOTH_LABEL } from '../../../../../contract/boothLabels';
import { isMediaMode, type MediaMode } from '../../../../../contract/modes';
import { isName } from '../../../../../contract/names';
import { EVENT_QUERY } from '../../../../../contract/eventAddress';
import { ROUTES } from '../../../../../contract/routePaths';
import type { Queryable } from '../../../platform/db/database';
import { publicGalleryHead, type PublicGalleryHead } from '../../media';
import { escapeAttribute, mediaOrigin, type PageHead } from './collectPreload';

/**
 * A booth gallery's page, opened by its address (`/eventos/evento/{booth}?evento={name}`: a
 * reload, a shared link), draws its first screen of photos before any script runs, as the collect
 * page draws its photo (modules/firstPaint/http/collectPreload.ts): the largest paint is a thumbnail that arrives
 * with the page instead of after the app, the event's booths and the list. Only for a public
 * event that has that booth: a private or link-only event's photos are never written into a page
 * for whoever asks, and the app decides, as before, what such a guest sees.
 *
 * The markup is drawn over the top of the page (the app's root is empty until its code runs) with
 * the app's own classes, so it stands exactly where the app will draw the same photos: the
 * stylesheet places everything (src/styles/base.css, "galleries"), the rows follow the app's rule
 * (contract/galleryRows.ts) for a phone's three columns, and wider screens, which would have more
 * columns, do not show it. The app removes it once its own first photos are on the screen
 * (src/firstPaint/galleryShellRemoval.ts), or as soon as it shows anything else.
 */

/** The rows a phone shows before any scroll, under the event's heading and booths. */
const SHELL_ROWS = 5;

/** The booth of a gallery's address, or null for any other page. */
function galleryMode(pathname: string): MediaMode | null {
  const match = new RegExp(`^${ROUTES.event}/([^/]+)/?$`).exec(pathname);
  return match && isMediaMode(match[1]) ? match[1] : null;
}

/** The event the address names, as the app reads it (commas dropped: src/features/events/eventLocation.ts). */
function eventOf(query: unknown): string | null {
  const value = (query as Record<string, unknown> | undefined)?.[EVENT_QUERY];
  if (typeof value !== 'string') return null;
  const name = value.replace(/,/g, '');
  return isName(name) ? name : null;
}

const text = (value: string) => escapeAttribute(value);

function tileMarkup(item: PublicGalleryHead['newest'][number], origin: string, index: number, whole: boolean): string {
  const src = escapeAttribute(origin + thumbUrl(item.ref));
  // The first photo is the page's largest paint: asked for first, and the one the app's scripts wait for.
  const first = index === 0 ? ' fetchpriority="high" data-shell-preview' : '';
  const loading = index < PHONE_COLUMNS ? '' : ' loading="lazy"';
  const image = `<img class="tile__image" src="${src}" alt="" width="180" height="180"${loading}${first}>`;
  const backdrop = whole ? ` style="--tile-backdrop:url(&quot;${src}&quot;)"` : '';
  const tileClass = whole ? 'tile tile--whole' : 'tile';
  if (item.kind !== 'video') return `<span class="${tileClass}"${backdrop}>${image}</span>`;
  const inside = item.hasThumb
    ? `<span class="tile__video tile__video--poster">${image}</span>`
    : '<span class="tile__video"></span>';
  return `<span class="${item.hasThumb ? tileClass : 'tile'}"${item.hasThumb ? backdrop : ''}>${inside}</span>`;
}

/** The first rows of the gallery, as MediaGrid lays them out on a phone (growing at the top). */
function gridMarkup(gallery: PublicGalleryHead, origin: string): string {
  const head = firstRowItems(gallery.total, PHONE_COLUMNS, true);
  const rows = Math.min(SHELL_ROWS, rowCount(gallery.total, PHONE_COLUMNS, true));
  const markup: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    const [start, end] = rowItems(row, head, PHONE_COLUMNS);
    const partial = row === 0 && head < PHONE_COLUMNS;
    const cells = gallery.newest
      .slice(start, end)
      .map((item, i) => `<div class="grid__cell">${tileMarkup(item, origin, start + i, partial)}</div>`)
      .join('');
    markup.push(
      `<div class="${partial ? 'grid__row grid__row--partial' : 'grid__row'}" style="--row:${row}">${cells}</div>`,
    );
  }
  return `<div class="grid-frame"><div class="grid" style="--rows:${rows}">${markup.join('')}</div></div>`;
}

/**
 * The page's top as the app draws it (src/app/Layout.tsx, EventPage, BoothGalleryPage), with the
 * same classes: the header (its brand row and its menu) and the booths' carousel keep their
 * height, their contents come with the app; the event's title, the booth's name and the photos
 * are here.
 */
export function galleryShellMarkup(mode: MediaMode, gallery: PublicGalleryHead, origin: string): string {
  return (
    `<div ${GALLERY_SHELL_ATTRIBUTE} class="gallery-shell" aria-hidden="true">` +
    '<div class="site-header"><span class="brand">&nbsp;</span><div class="menu__list"><span ' +
    'class="menu__link">&nbsp;</span></div></div>' +
    '<div class="site-main"><div class="screen event">' +
    `<h1 class="screen__title">${text(gallery.displayTitle)}</h1>` +
    '<div class="carousel"><div class="carousel__track"><div class="carousel__slide ' +
    'gallery-shell__hidden"><span class="booth"></span></div></div></div>' +
    `<div class="gallery"><h2 class="gallery__title">${text(BOOTH_LABEL[mode])}</h2>` +
    `${gridMarkup(gallery, origin)}</div>` +
    '</div></div></div>'
  );
}

/** The rows the shell draws hold at most this many photos (a partial first row and full ones). */
const SHELL_ITEMS = SHELL_ROWS * PHONE_COLUMNS;

/**
 * A gallery page's first photos, read from its address; a failed lookup only loses them. Its
 * markup needs the screen's own stylesheet before it is drawn (`styles`).
 */
export function galleryPageHead(db: Queryable, apiBase: string): PageHead {
  const origin = mediaOrigin(apiBase);
  return async (request: FastifyRequest) => {
    const mode = galleryMode(request.url.split('?')[0]);
    const eventName = mode ? eventOf(request.query) : null;
    if (!mode || !eventName) return null;
    try {
      const gallery = await publicGalleryHead(db, eventName, mode, SHELL_ITEMS);
      if (!gallery) return null;
      return { head: '', root: galleryShellMarkup(mode, gallery, origin), photo: true, styles: true };
    } catch (error) {
      request.log.warn({ err: error }, 'gallery shell lookup failed');
      return null;
    }
  };
}
