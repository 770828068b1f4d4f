import { drawFigure, HAIR_COLOURS, SKIN_TONES, type Figure, type HairStyle, type Prop } from './person';
import { seededRandom, type Random } from './random';
import { glowGradient, linearGradient, n, sparkle } from './svg';

/**
 * The party scene behind every demo photo: a gradient sky, stage lights, bunting, balloons,
 * confetti and a group of smiling guests. All choices come from the seed, so a scene is the
 * same on every run; `phase` only moves what is already there, for animation frames.
 */
export interface Palette {
  sky: readonly string[];
  glows: readonly string[];
  accents: readonly string[];
}

export const PALETTES = {
  neon: {
    sky: ['#1b0a3c', '#4a1370', '#b0206e'],
    glows: ['#ff6ec4', '#7873f5', '#4adede', '#ffd166'],
    accents: ['#ff4f9a', '#ffd23f', '#3ee6c1', '#6c8cff', '#ff7a3d'],
  },
  sunset: {
    sky: ['#3a0f4f', '#c2185b', '#ff8a3d'],
    glows: ['#ffd166', '#ff6f91', '#ffc3a0'],
    accents: ['#ffd23f', '#46c2ff', '#7cf29a', '#ffffff', '#9b5cff'],
  },
  tropical: {
    sky: ['#06394a', '#0f8a8a', '#64d8a3'],
    glows: ['#fff27a', '#7affd4', '#ff9bd2'],
    accents: ['#ff5c8a', '#ffd23f', '#ffffff', '#ff8c42', '#9b5cff'],
  },
  candy: {
    sky: ['#40106b', '#8e44ad', '#fc5c7d'],
    glows: ['#ffb3e6', '#a0c4ff', '#fdffb6'],
    accents: ['#ffd23f', '#3ee6c1', '#ffffff', '#ff7a3d', '#6c8cff'],
  },
  ocean: {
    sky: ['#0b1d51', '#1e4fa3', '#27b0c9'],
    glows: ['#8ae1ff', '#ff9bd2', '#fff27a'],
    accents: ['#ff4f9a', '#ffd23f', '#7cf29a', '#ff8c42', '#ffffff'],
  },
  wedding: {
    sky: ['#3d2a3f', '#8a5a76', '#e8b4a0'],
    glows: ['#ffe8c7', '#ffd1dc', '#fff6e0'],
    accents: ['#f5d08a', '#ffffff', '#f4a6b7', '#c9a0dc', '#9fd8cb'],
  },
  graduation: {
    sky: ['#0d1b2a', '#1b3a6b', '#3a6ea5'],
    glows: ['#ffd166', '#a0c4ff', '#ffffff'],
    accents: ['#ffd23f', '#ffffff', '#e0a100', '#6c8cff', '#ff6f91'],
  },
} as const satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

export interface SceneOptions {
  width: number;
  height: number;
  seed: number;
  palette: PaletteName;
  /** How many guests (0 to 4). */
  people?: number;
  /** 0..1: arms, balloons and confetti move with it; the rest stays put. */
  phase?: number;
  /** Where the shoulders are, as a fraction of the height. */
  shoulderLine?: number;
  discoBall?: boolean;
  /** Props to hand out in order (then random ones). */
  props?: readonly Prop[];
  /** Prefix of the ids in this scene, when two scenes share one document. */
  id?: string;
}

const HAIR_STYLES: readonly HairStyle[] = ['curto', 'longo', 'cacheado', 'coque', 'careca'];
const PROPS: readonly Prop[] = ['chapeu', 'oculos', 'coracao', 'coroa', 'laco', 'bigode', 'nenhum'];
const ARM_POSES: readonly (readonly [number, number])[] = [
  [1, 1],
  [0, 0.9],
  [0.9, 0],
  [0.05, 0.05],
  [0.45, 1],
];

/** An SVG fragment covering (0, 0) to (width, height); wrap it with svgDocument or nested. */
export function partyScene(options: SceneOptions): string {
  const { width: w, height: h, palette: name } = options;
  const palette: Palette = PALETTES[name];
  const id = options.id ?? `s${options.seed}`;
  const phase = options.phase ?? 0;
  // Separate streams, so that adding a guest does not reshuffle the confetti.
  const rng = (k: number) => seededRandom(options.seed * 7919 + k);

  const defs = [
    linearGradient(`${id}-sky`, palette.sky),
    `<linearGradient id="${id}-beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" ` +
      `stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    ...palette.glows.map((c, i) => glowGradient(`${id}-glow${i}`, c, 0.55)),
    `<radialGradient id="${id}-vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" ` +
      `stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></radialGradient>`,
    `<radialGradient id="${id}-shine" cx="0.35" cy="0.3" r="0.7"><stop offset="0" stop-color="#fff" ` +
      `stop-opacity="0.7"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" ` +
      `stop-color="#000" stop-opacity="0.15"/></radialGradient>`,
  ];

  const body = [
    `<rect width="${w}" height="${h}" fill="url(#${id}-sky)"/>`,
    beams(rng(1), w, h, id),
    bokeh(rng(2), w, h, id, palette),
    bunting(rng(3), w, h, palette, 0.07, 0.045),
    bunting(rng(4), w, h, palette, 0.15, 0.035),
    balloons(rng(5), w, h, id, palette, phase),
    options.discoBall ? discoBall(w, h, id) : '',
    people(rng(6), options, palette, id, phase),
    confetti(rng(7), w, h, palette, phase),
    `<rect width="${w}" height="${h}" fill="url(#${id}-vignette)"/>`,
  ];
  return `<defs>${defs.join('')}</defs>${body.join('')}`;
}

function beams(r: Random, w: number, h: number, id: string): string {
  return Array.from({ length: 4 }, () => {
    const top = r.range(0.1, 0.9) * w;
    const spread = r.range(0.12, 0.25) * w;
    const lean = r.range(-0.35, 0.35) * w;
    return (
      `<path d="M${n(top - 0.02 * w)},0 L${n(top + 0.02 * w)},0 L${n(top + lean + spread)},${n(h)} L` +
      `${n(top + lean - spread)},${n(h)} Z" fill="url(#${id}-beam)"/>`
    );
  }).join('');
}

function bokeh(r: Random, w: number, h: number, id: string, palette: Palette): string {
  return Array.from({ length: 14 }, () => {
    const radius = r.range(0.03, 0.12) * w;
    const glow = r.int(0, palette.glows.length - 1);
    return (
      `<circle cx="${n(r.range(0, w))}" cy="${n(r.range(0.05, 0.75) * h)}" r="${n(radius)}" fill="url(#${id}-glow` +
      `${glow})"/>`
    );
  }).join('');
}

function bunting(r: Random, w: number, h: number, palette: Palette, line: number, size: number): string {
  const y0 = line * h;
  const sag = 0.05 * h;
  const point = (t: number) => {
    // A quadratic curve from just outside the left edge to just outside the right one.
    const x = (1 - t) * (1 - t) * -20 + 2 * (1 - t) * t * (w / 2) + t * t * (w + 20);
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + 2 * sag) + t * t * y0;
    return [x, y] as const;
  };
  const [mx, my] = point(0.5);
  const flags: string[] = [];
  const count = Math.round(w / (size * w * 1.6));
  const offset = r.int(0, palette.accents.length - 1);
  for (let i = 0; i < count; i++) {
    const [x, y] = point((i + 0.5) / count);
    const fw = size * w;
    flags.push(
      `<path d="M${n(x - fw / 2)},${n(y)} L${n(x + fw / 2)},${n(y)} L${n(x)},${n(y + fw * 1.2)} Z" fill="` +
        `${palette.accents[(i + offset) % palette.accents.length]}"/>`,
    );
  }
  return (
    `<path d="M-20,${n(y0)} Q${n(mx)},${n(2 * my - y0)} ${n(w + 20)},${n(y0)}" stroke="#fff" ` +
    `stroke-opacity="0.7" stroke-width="${n(w * 0.003 + 1)}" fill="none"/>${flags.join('')}`
  );
}

function balloons(r: Random, w: number, h: number, id: string, palette: Palette, phase: number): string {
  const out: string[] = [];
  for (const [cx, cy] of [
    [0.1, 0.3],
    [0.9, 0.27],
  ]) {
    for (let i = 0; i < 3; i++) {
      const rx = r.range(0.05, 0.065) * w;
      const sway = Math.sin(phase * Math.PI * 2 + i) * 0.008 * w;
      const x = cx * w + r.range(-0.07, 0.07) * w + sway;
      const y = cy * h + r.range(-0.06, 0.05) * h;
      const ry = rx * 1.22;
      const colour = palette.accents[(i * 2 + Math.round(cx * 3)) % palette.accents.length];
      out.push(
        `<path d="M${n(x)},${n(y + ry)} C${n(x - 0.3 * rx)},${n(y + ry + 0.8 * rx)} ${n(x + 0.4 * rx)},` +
          `${n(y + ry + 1.6 * rx)} ${n(x - 0.1 * rx)},${n(y + ry + 3.2 * rx)}" stroke="#fff" ` +
          `stroke-opacity="0.6" stroke-width="${n(w * 0.002 + 1)}" fill="none"/>`,
        `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${colour}"/>`,
        `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#${id}-shine)"/>`,
        `<path d="M${n(x)},${n(y + ry - 2)} L${n(x - 0.12 * rx)},${n(y + ry + 0.18 * rx)} L${n(x + 0.12 * rx)},` +
          `${n(y + ry + 0.18 * rx)} Z" fill="${colour}"/>`,
      );
    }
  }
  return out.join('');
}

function discoBall(w: number, h: number, id: string): string {
  const r = 0.065 * w;
  const cx = w / 2;
  const cy = 0.1 * h;
  const tiles: string[] = [];
  const step = r / 4;
  for (let y = cy - r; y < cy + r; y += step) {
    for (let x = cx - r; x < cx + r; x += step) {
      const shade = 170 + (((((x - cx) * 3 + (y - cy) * 5) % 80) + 80) % 80);
      tiles.push(
        `<rect x="${n(x)}" y="${n(y)}" width="${n(step - 1)}" height="${n(step - 1)}" fill="rgb(` +
          `${Math.round(shade)},${Math.round(shade)},${Math.round(shade + 15)})"/>`,
      );
    }
  }
  return (
    `<defs><clipPath id="${id}-disco"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/></clipPath></defs>` +
    `<path d="M${n(cx)},0 L${n(cx)},${n(cy - r)}" stroke="#ddd" stroke-width="2"/>` +
    `<g clip-path="url(#${id}-disco)">${tiles.join('')}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ` +
    `fill="url(#${id}-shine)"/></g>` +
    sparkle(cx - 0.4 * r, cy - 0.45 * r, 0.35 * r, '#fff', 0.95) +
    sparkle(cx + 1.6 * r, cy + 0.9 * r, 0.25 * r, '#fff', 0.8) +
    sparkle(cx - 1.7 * r, cy + 0.6 * r, 0.2 * r, '#fff', 0.7)
  );
}

function people(r: Random, options: SceneOptions, palette: Palette, id: string, phase: number): string {
  const { width: w, height: h } = options;
  const count = Math.min(Math.max(options.people ?? 3, 0), 4);
  const slot = w / count;
  const base = Math.min(slot / 3.4, w * 0.16, h * 0.12);
  const line = options.shoulderLine ?? 0.66;
  const figures: Figure[] = [];
  const props = options.props ?? [];
  for (let i = 0; i < count; i++) {
    // The guests in the middle stand nearer the camera, as in a real booth.
    const centred = count > 2 && i > 0 && i < count - 1;
    const u = base * (centred ? 1.08 : 0.96) * r.range(0.95, 1.05);
    const pose = r.pick(ARM_POSES);
    const swing = r.range(0.25, 0.45);
    const lift = pose.map((v) =>
      Math.min(1, Math.max(0, v + (v > 0.5 ? -swing : swing * 0.6) * (1 - phase))),
    ) as unknown as [number, number];
    figures.push({
      id: `${id}-p${i}`,
      x: slot * (i + 0.5) + r.range(-0.08, 0.08) * slot,
      shoulders: h * line + (centred ? 0.25 : -0.1) * u + r.range(-0.2, 0.2) * u,
      bottom: h,
      u,
      skin: r.pick(SKIN_TONES),
      hair: r.pick(HAIR_COLOURS),
      hairStyle: r.pick(HAIR_STYLES),
      shirt:
        palette.accents[(i * 2 + 1) % palette.accents.length] === '#ffffff'
          ? '#2f2a44'
          : palette.accents[(i * 2 + 1) % palette.accents.length],
      prop: props[i] ?? r.pick(PROPS),
      lift,
      hatTilt: r.range(-18, 18),
      hatColours: [r.pick(palette.accents), '#ffffff'],
    });
  }
  // Far guests first, so nearer ones overlap them.
  return figures
    .slice()
    .sort((a, b) => a.u - b.u)
    .map(drawFigure)
    .join('');
}

function confetti(r: Random, w: number, h: number, palette: Palette, phase: number): string {
  const fall = phase * 0.12 * h;
  return Array.from({ length: 50 }, () => {
    const x = r.range(0, w);
    const y = ((r.range(0, h) + fall) % h) - 0.01 * h;
    const colour = r.pick(palette.accents);
    const size = r.range(0.008, 0.016) * w;
    const angle = r.range(0, 180) + phase * 90;
    if (r.next() < 0.4)
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size * 0.45)}" fill="${colour}" opacity="0.9"/>`;
    return (
      `<rect x="${n(x - size / 2)}" y="${n(y - size)}" width="${n(size)}" height="${n(size * 1.8)}" fill="` +
      `${colour}" opacity="0.9" transform="rotate(${n(angle)} ${n(x)} ${n(y)})"/>`
    );
  }).join('');
}
