import { drawFigure, legs } from './person';
import { ACCESSORY_DRAW, platform, type AccessoryArt, type Draw } from './accessoryArt';
import { partyScene } from './partyScene';
import { glowGradient, heartPath, linearGradient, n, nested, sparkle } from './svg';

/**
 * Catalogue pictures of the shop: each product or accessory drawn as an object on a soft
 * studio background. Products are 800x600, accessories 400x400 (any size works).
 */
export type { AccessoryArt };
export type ProductArt = 'cabine-360' | 'totem-fotos' | 'cabine-polaroid' | 'espelho-magico' | 'album-impresso';

const BACKDROPS: Record<ProductArt | AccessoryArt, readonly [string, string]> = {
  'cabine-360': ['#2b1055', '#7597de'],
  'totem-fotos': ['#ffe29f', '#ff719a'],
  'cabine-polaroid': ['#a1ffce', '#faffd1'],
  'espelho-magico': ['#1f1c2c', '#928dab'],
  'album-impresso': ['#fbd3e9', '#bb377d'],
  'plataforma-led': ['#141e30', '#243b55'],
  'bastao-selfie': ['#c9d6ff', '#e2e2e2'],
  'impressao-ilimitada': ['#d4fc79', '#96e6a1'],
  'fundo-instagramavel': ['#ffecd2', '#fcb69f'],
  album: ['#e0c3fc', '#8ec5fc'],
};

export function productArt(kind: ProductArt | AccessoryArt, w: number, h: number): string {
  const id = `art-${kind}`;
  const [top, bottom] = BACKDROPS[kind];
  const s = Math.min(w, h);
  const studio =
    `<defs>${linearGradient(`${id}-bg`, [top, bottom])}${glowGradient(`${id}-spot`, '#ffffff', 0.45)}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}-bg)"/>` +
    `<ellipse cx="${n(w / 2)}" cy="${n(h * 0.42)}" rx="${n(w * 0.45)}" ry="${n(h * 0.45)}" fill="url(#${id}-spot)"/>` +
    `<ellipse cx="${n(w / 2)}" cy="${n(h * 0.9)}" rx="${n(s * 0.38)}" ry="${n(s * 0.05)}" fill="#000" opacity="0.18"/>`;
  return studio + DRAW[kind](w, h, s, id);
}

const DRAW: Record<ProductArt | AccessoryArt, Draw> = {
  ...ACCESSORY_DRAW,
  'cabine-360': (w, h, s, id) => {
    const cx = w / 2;
    const py = h * 0.82;
    const figure = drawFigure({
      id: `${id}-guest`,
      x: cx,
      shoulders: h * 0.38,
      bottom: h * 0.6,
      u: s * 0.065,
      skin: '#c98d63',
      hair: '#2a1b14',
      hairStyle: 'cacheado',
      shirt: '#ff4f9a',
      prop: 'oculos',
      lift: [0.1, 1],
    });
    return (
      platform(cx, py, s * 0.34, id) +
      // The rotating arm and the phone at its end.
      `<path d="M${n(cx + s * 0.34)},${n(py)} L${n(cx + s * 0.52)},${n(py - s * 0.02)} L${n(cx + s * 0.52)},` +
      `${n(h * 0.3)}" stroke="#e8e8f0" stroke-width="${n(s * 0.025)}" fill="none" stroke-linejoin="round"/>` +
      `<rect x="${n(cx + s * 0.48)}" y="${n(h * 0.22)}" width="${n(s * 0.08)}" height="${n(s * 0.15)}" rx="` +
      `${n(s * 0.015)}" fill="#111" stroke="#ddd" stroke-width="3"/>` +
      legs(cx, h * 0.58, py - s * 0.02, s * 0.065) +
      figure +
      `<ellipse cx="${n(cx)}" cy="${n(h * 0.5)}" rx="${n(s * 0.6)}" ry="${n(s * 0.2)}" fill="none" ` +
      `stroke="#fff" stroke-opacity="0.5" stroke-width="4" stroke-dasharray="18 14"/>` +
      sparkle(w * 0.15, h * 0.2, s * 0.04, '#fff') +
      sparkle(w * 0.85, h * 0.15, s * 0.03, '#fff')
    );
  },
  'totem-fotos': (w, h, s, id) => {
    const cx = w / 2;
    const tw = s * 0.36;
    const top = h * 0.08;
    const bottom = h * 0.9;
    return (
      `<rect x="${n(cx - s * 0.16)}" y="${n(bottom - s * 0.03)}" width="${n(s * 0.32)}" height="${n(s * 0.04)}` +
      `" rx="8" fill="#2f2a44"/>` +
      `<rect x="${n(cx - s * 0.05)}" y="${n(h * 0.62)}" width="${n(s * 0.1)}" height="${n(bottom - h * 0.62)}" ` +
      `fill="#3b3556"/>` +
      `<rect x="${n(cx - tw / 2)}" y="${n(top)}" width="${n(tw)}" height="${n(h * 0.6)}" rx="${n(s * 0.04)}" ` +
      `fill="#fff" stroke="#e6e1f0" stroke-width="4"/>` +
      `<circle cx="${n(cx)}" cy="${n(top + s * 0.07)}" r="${n(s * 0.045)}" fill="none" stroke="#ffe9a8" ` +
      `stroke-width="${n(s * 0.018)}"/>` +
      `<circle cx="${n(cx)}" cy="${n(top + s * 0.07)}" r="${n(s * 0.022)}" fill="#1d1a2f"/>` +
      `<circle cx="${n(cx - s * 0.007)}" cy="${n(top + s * 0.063)}" r="${n(s * 0.007)}" fill="#fff"/>` +
      `<rect x="${n(cx - tw / 2 + s * 0.025)}" y="${n(top + s * 0.13)}" width="${n(tw - s * 0.05)}" height="` +
      `${n(h * 0.6 - s * 0.2)}" rx="8" fill="#111"/>` +
      nested(
        cx - tw / 2 + s * 0.035,
        top + s * 0.14,
        tw - s * 0.07,
        h * 0.6 - s * 0.22,
        partyScene({ width: 300, height: 400, seed: 41, palette: 'sunset', people: 2, id: `${id}-screen` }),
        '0 0 300 400',
      ) +
      // A strip of prints coming out of the slot.
      `<rect x="${n(cx + tw / 2 + s * 0.02)}" y="${n(h * 0.45)}" width="${n(s * 0.1)}" height="${n(s * 0.3)}" ` +
      `fill="#fff" transform="rotate(8 ${n(cx + tw / 2)} ${n(h * 0.45)})"/>` +
      [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${n(cx + tw / 2 + s * 0.03)}" y="${n(h * 0.46 + i * s * 0.095)}" width="${n(s * 0.08)}" ` +
            `height="${n(s * 0.08)}" fill="${['#ff8c42', '#6c8cff', '#ff4f9a'][i]}" transform="rotate(8 ` +
            `${n(cx + tw / 2)} ${n(h * 0.45)})"/>`,
        )
        .join('') +
      sparkle(w * 0.2, h * 0.25, s * 0.04, '#fff') +
      sparkle(w * 0.78, h * 0.2, s * 0.03, '#fff')
    );
  },
  'cabine-polaroid': (w, h, s, id) => {
    const cx = w * 0.42;
    const cy = h * 0.55;
    const bw = s * 0.55;
    const bh = s * 0.42;
    const stripes = ['#ff5e5b', '#ff9f1c', '#ffd23f', '#3ec5ff', '#7cf29a'];
    return (
      [-12, 6]
        .map(
          (angle, i) =>
            `<g transform="rotate(${angle} ${n(w * 0.8)} ${n(h * 0.55)})"><rect x="` +
            `${n(w * 0.8 - s * 0.13 + i * s * 0.04)}" y="${n(h * 0.32)}" width="${n(s * 0.26)}" height="` +
            `${n(s * 0.31)}" fill="#fff" stroke="#ddd"/>` +
            nested(
              w * 0.8 - s * 0.11 + i * s * 0.04,
              h * 0.32 + s * 0.02,
              s * 0.22,
              s * 0.22,
              partyScene({
                width: 300,
                height: 300,
                seed: 50 + i,
                palette: i ? 'candy' : 'tropical',
                people: 2,
                id: `${id}-p${i}`,
              }),
              '0 0 300 300',
            ) +
            `</g>`,
        )
        .join('') +
      `<rect x="${n(cx - bw / 2)}" y="${n(cy - bh / 2)}" width="${n(bw)}" height="${n(bh)}" rx="${n(s * 0.05)}` +
      `" fill="#f4f1ea" stroke="#d9d3c7" stroke-width="3"/>` +
      stripes
        .map(
          (c, i) =>
            `<rect x="${n(cx - s * 0.05 + i * s * 0.022)}" y="${n(cy - bh / 2)}" width="${n(s * 0.022)}" ` +
            `height="${n(bh)}" fill="${c}"/>`,
        )
        .join('') +
      `<rect x="${n(cx - bw / 2)}" y="${n(cy + bh * 0.28)}" width="${n(bw)}" height="${n(bh * 0.22)}" rx="` +
      `${n(s * 0.03)}" fill="#2f2a44"/>` +
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(s * 0.13)}" fill="#2f2a44"/>` +
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(s * 0.09)}" fill="#111" stroke="#555" stroke-width="4"/>` +
      `<circle cx="${n(cx - s * 0.03)}" cy="${n(cy - s * 0.03)}" r="${n(s * 0.025)}" fill="#fff" opacity="0.6"/>` +
      `<rect x="${n(cx + bw / 2 - s * 0.14)}" y="${n(cy - bh / 2 + s * 0.04)}" width="${n(s * 0.1)}" height="` +
      `${n(s * 0.06)}" rx="6" fill="#fff" stroke="#ccc"/>` +
      `<circle cx="${n(cx - bw / 2 + s * 0.07)}" cy="${n(cy - bh / 2 + s * 0.07)}" r="${n(s * 0.03)}" fill="#ff5e5b"/>`
    );
  },
  'espelho-magico': (w, h, s, id) => {
    const cx = w / 2;
    const mw = s * 0.42;
    const top = h * 0.07;
    const bottom = h * 0.88;
    const arch =
      `M${n(cx - mw / 2)},${n(bottom)} L${n(cx - mw / 2)},${n(top + mw / 2)} A${n(mw / 2)},${n(mw / 2)} 0 0 1 ` +
      `${n(cx + mw / 2)},${n(top + mw / 2)} L${n(cx + mw / 2)},${n(bottom)} Z`;
    const inner = s * 0.03;
    const innerArch =
      `M${n(cx - mw / 2 + inner)},${n(bottom - inner)} L${n(cx - mw / 2 + inner)},${n(top + mw / 2)} A` +
      `${n(mw / 2 - inner)},${n(mw / 2 - inner)} 0 0 1 ${n(cx + mw / 2 - inner)},${n(top + mw / 2)} L` +
      `${n(cx + mw / 2 - inner)},${n(bottom - inner)} Z`;
    const bulbs: string[] = [];
    for (let i = 0; i <= 12; i++) {
      const t = i / 12;
      const a = Math.PI * (1 - t);
      bulbs.push(
        `<circle cx="${n(cx + Math.cos(a) * (mw / 2 + s * 0.035))}" cy="` +
          `${n(top + mw / 2 - Math.sin(a) * (mw / 2 + s * 0.035))}" r="${n(s * 0.013)}" fill="#fff6c7"/>`,
      );
    }
    for (let i = 1; i <= 5; i++) {
      const y = top + mw / 2 + ((bottom - top - mw / 2) * i) / 6;
      bulbs.push(
        `<circle cx="${n(cx - mw / 2 - s * 0.035)}" cy="${n(y)}" r="${n(s * 0.013)}" fill="#fff6c7"/><circle ` +
          `cx="${n(cx + mw / 2 + s * 0.035)}" cy="${n(y)}" r="${n(s * 0.013)}" fill="#fff6c7"/>`,
      );
    }
    return (
      `<defs>${linearGradient(`${id}-gold`, ['#fff1b8', '#d4a017', '#8a6100', '#f5d76e'])}` +
      `${linearGradient(`${id}-glass`, ['#6a3093', '#a044ff', '#ff9bd2'])}<clipPath id="${id}-clip"><path d="` +
      `${innerArch}"/></clipPath></defs>` +
      `<path d="${arch}" fill="url(#${id}-gold)"/>` +
      `<path d="${innerArch}" fill="url(#${id}-glass)"/>` +
      `<g clip-path="url(#${id}-clip)">` +
      drawFigure({
        id: `${id}-guest`,
        x: cx,
        shoulders: h * 0.62,
        bottom: h,
        u: s * 0.07,
        skin: '#eab892',
        hair: '#b03a6f',
        hairStyle: 'longo',
        shirt: '#3ee6c1',
        prop: 'coroa',
        lift: [0, 0],
      }) +
      Array.from({ length: 9 }, (_, i) =>
        sparkle(
          cx - mw / 2 + (((i * 37) % 100) / 100) * mw,
          top + mw * 0.25 + (((i * 53) % 100) / 100) * (bottom - top) * 0.5,
          s * (0.012 + (i % 3) * 0.008),
          '#fff',
          0.9,
        ),
      ).join('') +
      `<path d="M${n(cx - mw / 2)},${n(top + mw * 0.2)} L${n(cx + mw / 2)},${n(top + mw * 0.9)} L` +
      `${n(cx + mw / 2)},${n(top + mw * 1.1)} L${n(cx - mw / 2)},${n(top + mw * 0.4)} Z" fill="#fff" ` +
      `opacity="0.12"/></g>` +
      bulbs.join('')
    );
  },
  'album-impresso': (w, h, s, id) => {
    const cx = w / 2;
    const cy = h * 0.52;
    const pw = s * 0.46;
    const ph = s * 0.6;
    const page = (x: number, flip: boolean) =>
      `<path d="M${n(x)},${n(cy - ph / 2)} Q${n(x + (flip ? -1 : 1) * pw * 0.5)},${n(cy - ph / 2 - s * 0.03)} ` +
      `${n(x + (flip ? -1 : 1) * pw)},${n(cy - ph / 2)} L${n(x + (flip ? -1 : 1) * pw)},${n(cy + ph / 2)} Q` +
      `${n(x + (flip ? -1 : 1) * pw * 0.5)},${n(cy + ph / 2 - s * 0.03)} ${n(x)},${n(cy + ph / 2)} Z" ` +
      `fill="#fffdf7" stroke="#e4dccb" stroke-width="2"/>`;
    const photo = (x: number, y: number, size: number, seed: number, angle: number) =>
      `<g transform="rotate(${angle} ${n(x + size / 2)} ${n(y + size / 2)})"><rect x="${n(x - 6)}" y="` +
      `${n(y - 6)}" width="${n(size + 12)}" height="${n(size + 12)}" fill="#fff" stroke="#ddd"/>` +
      nested(
        x,
        y,
        size,
        size,
        partyScene({
          width: 300,
          height: 300,
          seed,
          palette: seed % 2 ? 'neon' : 'sunset',
          people: 2,
          id: `${id}-ph${seed}`,
        }),
        '0 0 300 300',
      ) +
      `</g>`;
    return (
      `<rect x="${n(cx - pw - s * 0.03)}" y="${n(cy - ph / 2 - s * 0.02)}" width="${n(2 * pw + s * 0.06)}" ` +
      `height="${n(ph + s * 0.05)}" rx="10" fill="#8e2d5b"/>` +
      page(cx, true) +
      page(cx, false) +
      photo(cx - pw * 0.85, cy - ph * 0.4, pw * 0.55, 61, -4) +
      photo(cx - pw * 0.6, cy + ph * 0.02, pw * 0.4, 62, 5) +
      photo(cx + pw * 0.15, cy - ph * 0.38, pw * 0.7, 63, 3) +
      `<path d="${heartPath(cx + pw * 0.7, cy + ph * 0.3, s * 0.06)}" fill="#ff4f7b"/>` +
      `<path d="M${n(cx + pw * 0.3)},${n(cy - ph / 2 - s * 0.02)} L${n(cx + pw * 0.3)},` +
      `${n(cy + ph / 2 + s * 0.08)} L${n(cx + pw * 0.34)},${n(cy + ph / 2 + s * 0.05)} L${n(cx + pw * 0.38)},` +
      `${n(cy + ph / 2 + s * 0.08)} L${n(cx + pw * 0.38)},${n(cy - ph / 2 - s * 0.02)} Z" fill="#ffd23f"/>`
    );
  },
};
