import { glowGradient, heartPath, n, sparkle } from './svg';

/** The shop's accessories drawn for productArt (products.ts), and the 360 platform both draw. */

export type AccessoryArt = 'plataforma-led' | 'bastao-selfie' | 'impressao-ilimitada' | 'fundo-instagramavel' | 'album';

export type Draw = (w: number, h: number, s: number, id: string) => string;

export const ACCESSORY_DRAW: Record<AccessoryArt, Draw> = {
  'plataforma-led': (w, h, s, id) =>
    platform(w / 2, h * 0.62, s * 0.38, id) +
    sparkle(w * 0.2, h * 0.25, s * 0.05, '#fff') +
    sparkle(w * 0.8, h * 0.3, s * 0.04, '#fff'),
  'bastao-selfie': (w, h, s) =>
    `<g transform="rotate(-30 ${n(w / 2)} ${n(h / 2)})">` +
    `<rect x="${n(w / 2 - s * 0.025)}" y="${n(h * 0.3)}" width="${n(s * 0.05)}" height="${n(s * 0.6)}" rx="` +
    `${n(s * 0.02)}" fill="#cfd3dc" stroke="#8d93a1" stroke-width="2"/>` +
    `<rect x="${n(w / 2 - s * 0.04)}" y="${n(h * 0.72)}" width="${n(s * 0.08)}" height="${n(s * 0.2)}" rx="` +
    `${n(s * 0.03)}" fill="#2f2a44"/>` +
    `<rect x="${n(w / 2 - s * 0.12)}" y="${n(h * 0.08)}" width="${n(s * 0.24)}" height="${n(s * 0.24)}" rx="` +
    `${n(s * 0.03)}" fill="#111" stroke="#555" stroke-width="4"/>` +
    `<circle cx="${n(w / 2)}" cy="${n(h * 0.2)}" r="${n(s * 0.05)}" fill="#333" stroke="#ffe9a8" ` +
    `stroke-width="4"/></g>` +
    sparkle(w * 0.78, h * 0.2, s * 0.05, '#fff'),
  'impressao-ilimitada': (w, h, s) =>
    [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${n(w * 0.3 + i * s * 0.04)}" y="${n(h * 0.12 + i * s * 0.05)}" width="${n(s * 0.34)}" ` +
          `height="${n(s * 0.4)}" fill="#fff" stroke="#ccc" transform="rotate(${-8 + i * 8} ${n(w / 2)} ` +
          `${n(h * 0.3)})"/>`,
      )
      .join('') +
    `<rect x="${n(w * 0.18)}" y="${n(h * 0.45)}" width="${n(w * 0.64)}" height="${n(h * 0.3)}" rx="` +
    `${n(s * 0.05)}" fill="#2f2a44"/>` +
    `<rect x="${n(w * 0.26)}" y="${n(h * 0.5)}" width="${n(w * 0.48)}" height="${n(h * 0.04)}" rx="6" fill="#111"/>` +
    `<text x="${n(w / 2)}" y="${n(h * 0.71)}" text-anchor="middle" font-family="'DejaVu Sans', sans-serif" ` +
    `font-weight="bold" font-size="${n(s * 0.16)}" fill="#7cf29a">∞</text>`,
  'fundo-instagramavel': (w, h, s) => {
    const colours = ['#ff4f9a', '#ffd23f', '#ffffff', '#3ec5ff', '#ff8c42'];
    const arch = Array.from({ length: 17 }, (_, i) => {
      const a = Math.PI * (1 - i / 16);
      return (
        `<circle cx="${n(w / 2 + Math.cos(a) * s * 0.36)}" cy="${n(h * 0.72 - Math.sin(a) * s * 0.5)}" r="` +
        `${n(s * 0.065)}" fill="${colours[i % colours.length]}"/>`
      );
    }).join('');
    return (
      `<rect x="${n(w * 0.14)}" y="${n(h * 0.12)}" width="${n(w * 0.72)}" height="${n(h * 0.78)}" rx="` +
      `${n(s * 0.04)}" fill="#ffe3ec"/>` +
      arch +
      `<path d="${heartPath(w / 2, h * 0.58, s * 0.3)}" fill="none" stroke="#ff2e88" stroke-width="${n(s * 0.025)}"/>` +
      `<path d="${heartPath(w / 2, h * 0.58, s * 0.3)}" fill="none" stroke="#fff" stroke-width="${n(s * 0.008)}"/>`
    );
  },
  album: (w, h, s) =>
    `<rect x="${n(w * 0.25)}" y="${n(h * 0.15)}" width="${n(w * 0.5)}" height="${n(h * 0.68)}" rx="` +
    `${n(s * 0.03)}" fill="#8e2d5b"/>` +
    `<rect x="${n(w * 0.28)}" y="${n(h * 0.17)}" width="${n(w * 0.45)}" height="${n(h * 0.64)}" rx="` +
    `${n(s * 0.02)}" fill="#b23a73"/>` +
    `<path d="${heartPath(w / 2, h * 0.45, s * 0.2)}" fill="#ffd1dc"/>` +
    `<rect x="${n(w * 0.36)}" y="${n(h * 0.62)}" width="${n(w * 0.28)}" height="${n(h * 0.03)}" rx="4" ` +
    `fill="#ffd1dc" opacity="0.7"/>` +
    `<g transform="rotate(35 ${n(w * 0.75)} ${n(h * 0.6)})"><rect x="${n(w * 0.73)}" y="${n(h * 0.35)}" width="` +
    `${n(s * 0.04)}" height="${n(s * 0.42)}" rx="6" fill="#ffd23f"/><path d="M${n(w * 0.73)},` +
    `${n(h * 0.35 + s * 0.42)} L${n(w * 0.73 + s * 0.04)},${n(h * 0.35 + s * 0.42)} L${n(w * 0.73 + s * 0.02)},` +
    `${n(h * 0.35 + s * 0.48)} Z" fill="#2f2a44"/></g>`,
};

/** The 360 platform: a disc with a ring of coloured LEDs. */
export function platform(cx: number, cy: number, r: number, id: string): string {
  const leds = Array.from({ length: 24 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2;
    const colour = ['#ff4f9a', '#ffd23f', '#3ee6c1', '#6c8cff'][i % 4];
    return (
      `<circle cx="${n(cx + Math.cos(a) * r * 0.93)}" cy="${n(cy + Math.sin(a) * r * 0.26)}" r="${n(r * 0.03)}" ` +
      `fill="${colour}"/>`
    );
  }).join('');
  return (
    `<defs>${glowGradient(`${id}-led`, '#a0f0ff', 0.7)}</defs>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy + r * 0.05)}" rx="${n(r * 1.35)}" ry="${n(r * 0.5)}" fill="url(#${id}-led)"/>` +
    `<path d="M${n(cx - r)},${n(cy)} L${n(cx - r)},${n(cy + r * 0.12)} A${n(r)},${n(r * 0.28)} 0 0 0 ` +
    `${n(cx + r)},${n(cy + r * 0.12)} L${n(cx + r)},${n(cy)} Z" fill="#1d1a2f"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r)}" ry="${n(r * 0.28)}" fill="#3b3556" stroke="#5a5480" ` +
    `stroke-width="3"/>` +
    leds
  );
}
