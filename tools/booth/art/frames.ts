import { FONT_SANS, FONT_SERIF, esc, heartPath, n, shadowText, sparkle } from './svg';

/**
 * What a booth prints over its photos: the event's frame, the hashtag band of the hashtrack
 * booth, the polaroid card, the camera's clock. Each returns an SVG fragment of the given size.
 */
export interface EventTitle {
  title: string;
  /** The date line under the title, e.g. "14 · 03 · 2026". */
  subtitle: string;
  /** Colour of the ornaments. */
  accent?: string;
}

/** A thin white border and a dark band at the bottom with the event's name and date. */
export function eventFrame(
  w: number,
  h: number,
  { title, subtitle, accent = '#ffd23f' }: EventTitle,
  id = 'frame',
): string {
  const band = Math.round(h * 0.2);
  const inset = Math.round(w * 0.025);
  const titleSize = Math.round(w * 0.085);
  const ty = h - band * 0.5;
  // DejaVu Serif Bold Italic averages about 0.62 em per character.
  const half = titleSize * title.length * 0.33;
  return (
    `<defs><linearGradient id="${id}-band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" ` +
    `stop-opacity="0"/><stop offset="0.45" stop-color="#000" stop-opacity="0.45"/><stop offset="1" ` +
    `stop-color="#000" stop-opacity="0.7"/></linearGradient></defs>` +
    `<rect y="${h - band}" width="${w}" height="${band}" fill="url(#${id}-band)"/>` +
    `<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" rx="${n(inset * 1.2)}" ` +
    `fill="none" stroke="#fff" stroke-opacity="0.9" stroke-width="${n(w * 0.007)}"/>` +
    shadowText(
      w / 2,
      ty,
      title,
      `text-anchor="middle" font-family="${FONT_SERIF}" font-weight="bold" font-style="italic" font-size="` +
        `${titleSize}"`,
      '#fff',
    ) +
    `<text x="${n(w / 2)}" y="${n(ty + titleSize * 0.75)}" text-anchor="middle" font-family="${FONT_SANS}" ` +
    `font-size="${n(w * 0.032)}" letter-spacing="${n(w * 0.006)}" fill="${accent}">${esc(subtitle)}</text>` +
    sparkle(w / 2 - half - titleSize * 0.55, ty - titleSize * 0.3, titleSize * 0.28, accent) +
    sparkle(w / 2 + half + titleSize * 0.55, ty - titleSize * 0.3, titleSize * 0.28, accent) +
    sparkle(w / 2 + half + titleSize * 0.95, ty + titleSize * 0.05, titleSize * 0.14, '#fff')
  );
}

/** Heights of the account bar and of the hashtag band: the photo goes between them. */
export function hashtagBands(h: number): { bar: number; band: number } {
  return { bar: Math.round(h * 0.09), band: Math.round(h * 0.15) };
}

/** Instagram-like chrome: an account bar at the top, a coloured hashtag band at the bottom. */
export function hashtagFrame(
  w: number,
  h: number,
  tag: string,
  account: string,
  colours: readonly [string, string],
  id = 'hash',
): string {
  const { bar, band } = hashtagBands(h);
  const size = Math.round(w * 0.085);
  const avatar = bar * 0.32;
  // The "..." menu at the right of the account bar.
  const dots = [-1, 0, 1]
    .map(
      (d) => `<circle cx="${n(w - bar * 0.7 + d * bar * 0.18)}" cy="${n(bar / 2)}" r="${n(bar * 0.06)}" fill="#333"/>`,
    )
    .join('');
  return (
    `<defs><linearGradient id="${id}-band" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="` +
    `${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient>` +
    `<linearGradient id="${id}-ring" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#feda75"/><stop ` +
    `offset="0.5" stop-color="#d62976"/><stop offset="1" stop-color="#4f5bd5"/></linearGradient></defs>` +
    `<rect width="${w}" height="${bar}" fill="#fff"/>` +
    `<circle cx="${n(bar * 0.6)}" cy="${n(bar / 2)}" r="${n(avatar + 5)}" fill="url(#${id}-ring)"/>` +
    `<circle cx="${n(bar * 0.6)}" cy="${n(bar / 2)}" r="${n(avatar)}" fill="${colours[0]}" stroke="#fff" ` +
    `stroke-width="3"/>` +
    `<path d="${heartPath(bar * 0.6, bar / 2, avatar * 1.1)}" fill="#fff"/>` +
    `<text x="${n(bar * 1.15)}" y="${n(bar / 2 + bar * 0.13)}" font-family="${FONT_SANS}" font-weight="bold" ` +
    `font-size="${n(bar * 0.34)}" fill="#222">${esc(account)}</text>` +
    dots +
    `<rect y="${h - band}" width="${w}" height="${band}" fill="url(#${id}-band)"/>` +
    shadowText(
      w / 2,
      h - band / 2 + size * 0.35,
      tag,
      `text-anchor="middle" font-family="${FONT_SANS}" font-weight="bold" font-size="${size}"`,
      '#fff',
      4,
    ) +
    `<path d="${heartPath(w * 0.08, h - band / 2, band * 0.32)}" fill="#fff" opacity="0.9"/>` +
    sparkle(w * 0.92, h - band / 2, band * 0.2, '#fff', 0.9)
  );
}

/** A polaroid card: the photo in a square window, a wider white margin below with a caption. */
export function polaroidCard(
  w: number,
  h: number,
  photo: (size: number) => string,
  caption: string,
  date: string,
): string {
  const margin = Math.round(w * 0.06);
  const size = w - 2 * margin;
  const captionY = margin + size + (h - margin - size) * 0.48;
  return (
    `<rect width="${w}" height="${h}" fill="#fbfaf6"/>` +
    `<svg x="${margin}" y="${margin}" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `${photo(size)}</svg>` +
    `<rect x="${margin}" y="${margin}" width="${size}" height="${size}" fill="none" stroke="#000" ` +
    `stroke-opacity="0.12" stroke-width="2"/>` +
    `<text x="${n(w / 2)}" y="${n(captionY)}" text-anchor="middle" font-family="${FONT_SERIF}" ` +
    `font-style="italic" font-size="${n(w * 0.07)}" fill="#2f2a44">${esc(caption)}</text>` +
    `<text x="${n(w / 2)}" y="${n(captionY + w * 0.07)}" text-anchor="middle" font-family="${FONT_SANS}" ` +
    `font-size="${n(w * 0.032)}" letter-spacing="3" fill="#8a8597">${esc(date)}</text>` +
    `<path d="${heartPath(w - margin * 1.6, h - margin * 1.3, w * 0.045)}" fill="#ff4f7b"/>`
  );
}

/** The camera's clock in a pill at the top right: every simulated photo is visibly new. */
export function clockBadge(w: number, text: string, top = w * 0.05): string {
  const size = Math.round(w * 0.04);
  const pw = size * text.length * 0.62 + size * 2.2;
  const ph = size * 1.8;
  const x = w - pw - w * 0.05;
  const y = top;
  const cx = x + size * 1.05;
  const cy = y + ph / 2;
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(pw)}" height="${n(ph)}" rx="${n(ph / 2)}" fill="#000" ` +
    `fill-opacity="0.55"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(size * 0.45)}" fill="none" stroke="#fff" stroke-width="` +
    `${n(size * 0.1)}"/>` +
    `<path d="M${n(cx)},${n(cy - size * 0.28)} L${n(cx)},${n(cy)} L${n(cx + size * 0.2)},${n(cy + size * 0.12)}` +
    `" stroke="#fff" stroke-width="${n(size * 0.09)}" fill="none" stroke-linecap="round"/>` +
    `<text x="${n(cx + size * 0.75)}" y="${n(cy + size * 0.36)}" font-family="${FONT_SANS}" font-weight="bold" ` +
    `font-size="${size}" fill="#fff">${esc(text)}</text>`
  );
}
