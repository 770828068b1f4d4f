import { drawFigure, legs, type Figure } from './person';
import { PALETTES, type PaletteName } from './partyScene';
import { seededRandom } from './random';
import { FONT_SANS, FONT_SERIF, esc, glowGradient, linearGradient, n, shadowText } from './svg';

/**
 * One frame of a 360 video: guests on the LED platform while the camera orbits them. The
 * backdrop slides sideways and the guests turn with the camera angle, so consecutive frames
 * read as a spin.
 */
export interface SpinGuest extends Pick<Figure, 'skin' | 'hair' | 'hairStyle' | 'shirt' | 'prop' | 'lift'> {
  /** Where the guest stands on the platform, in radians. */
  spot: number;
}

export interface SpinOptions {
  width: number;
  height: number;
  seed: number;
  palette: PaletteName;
  guests: readonly SpinGuest[];
  /** Camera angle around the platform, in radians. */
  angle: number;
  title: string;
}

export function spinFrame(o: SpinOptions): string {
  const { width: w, height: h, angle } = o;
  const palette = PALETTES[o.palette];
  const r = seededRandom(o.seed);
  const id = `spin${o.seed}`;
  // The backdrop is a ring of lights 2.5 screens around: it passes once per turn.
  const ring = w * 2.5;
  const shift = (angle / (Math.PI * 2)) * ring;
  const wrap = (x: number) => ((((x - shift) % ring) + ring) % ring) - w * 0.75;
  const lights = Array.from({ length: 26 }, (_, i) => {
    const x = wrap(r.range(0, ring));
    const y = r.range(0.05, 0.6) * h;
    const radius = r.range(0.08, 0.2) * w;
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="url(#${id}-g${i % palette.glows.length})"/>`;
  }).join('');
  const columns = Array.from({ length: 8 }, (_, i) => {
    const x = wrap((i / 8) * ring);
    return (
      `<rect x="${n(x)}" y="0" width="${n(w * 0.05)}" height="${n(h * 0.7)}" fill="` +
      `${palette.accents[i % palette.accents.length]}" opacity="0.25"/>`
    );
  }).join('');

  const cx = w / 2;
  const floor = h * 0.83;
  const u = w * 0.085;
  const guests = o.guests
    .map((g, i) => {
      const rel = g.spot - angle;
      // Depth: guests nearer the camera are lower, larger and drawn last.
      const depth = o.guests.length > 1 ? Math.cos(rel) : 1;
      const scale = 1 + 0.06 * depth;
      const x = o.guests.length > 1 ? cx + Math.sin(rel) * w * 0.17 : cx;
      const feet = floor + depth * h * 0.012;
      const gu = u * scale;
      const hip = feet - gu * 3.2;
      const turn = -rel;
      const squash = 0.62 + 0.38 * Math.abs(Math.cos(turn));
      return {
        depth,
        svg:
          legs(x, hip - gu * 0.2, feet, gu, squash) +
          drawFigure({ ...g, id: `${id}-f${i}`, x, u: gu, shoulders: hip - gu * 2.6, bottom: hip, turn }),
      };
    })
    .sort((a, b) => a.depth - b.depth)
    .map((g) => g.svg)
    .join('');

  const rx = w * 0.42;
  const ry = w * 0.1;
  const leds = Array.from({ length: 28 }, (_, i) => {
    const a = (i / 28) * Math.PI * 2 + angle;
    const colour = palette.accents[(i + Math.floor(angle * 4)) % palette.accents.length];
    return (
      `<circle cx="${n(cx + Math.cos(a) * rx * 0.95)}" cy="${n(floor + Math.sin(a) * ry * 0.95)}" r="` +
      `${n(w * 0.011)}" fill="${colour}"/>`
    );
  }).join('');
  const titleSize = w * 0.1;
  return (
    `<defs>${linearGradient(`${id}-sky`, palette.sky)}` +
    `${palette.glows.map((c, i) => glowGradient(`${id}-g${i}`, c, 0.6)).join('')}` +
    `${glowGradient(`${id}-led`, palette.glows[0], 0.7)}` +
    `<linearGradient id="${id}-floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" ` +
    `stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.65"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}-sky)"/>` +
    columns +
    lights +
    `<rect y="${n(h * 0.7)}" width="${w}" height="${n(h * 0.3)}" fill="url(#${id}-floor)"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(floor + ry * 0.2)}" rx="${n(rx * 1.3)}" ry="${n(ry * 1.8)}" fill="url(#` +
    `${id}-led)"/>` +
    `<path d="M${n(cx - rx)},${n(floor)} L${n(cx - rx)},${n(floor + ry * 0.35)} A${n(rx)},${n(ry)} 0 0 0 ` +
    `${n(cx + rx)},${n(floor + ry * 0.35)} L${n(cx + rx)},${n(floor)} Z" fill="#15121f"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(floor)}" rx="${n(rx)}" ry="${n(ry)}" fill="#2f2a44" stroke="#5a5480" ` +
    `stroke-width="2"/>` +
    leds +
    guests +
    shadowText(
      cx,
      h * 0.93,
      o.title,
      `text-anchor="middle" font-family="${FONT_SERIF}" font-weight="bold" font-style="italic" font-size="` +
        `${n(titleSize)}"`,
      '#fff',
      2,
    ) +
    `<rect x="${n(w - w * 0.2)}" y="${n(w * 0.05)}" width="${n(w * 0.15)}" height="${n(w * 0.08)}" rx="` +
    `${n(w * 0.04)}" fill="#000" fill-opacity="0.45"/>` +
    `<text x="${n(w - w * 0.125)}" y="${n(w * 0.105)}" text-anchor="middle" font-family="${FONT_SANS}" ` +
    `font-weight="bold" font-size="${n(w * 0.045)}" fill="#fff">${esc('360°')}</text>`
  );
}
