import type { Figure } from './figure';
import { facePropSvg, headProp } from './personProps';
import { n } from './svg';

/** Draws the party guest of figure.ts: body, arms, hair and face (its props in personProps.ts), and legs. */

export type { Figure, HairStyle, Prop } from './figure';

export const SKIN_TONES = ['#f6d2b8', '#eab892', '#c98d63', '#a06a45', '#70472f', '#f3c9a8'] as const;
export const HAIR_COLOURS = ['#2a1b14', '#5a3825', '#a0521d', '#e3b55f', '#1d1a2f', '#b03a6f'] as const;

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

export function drawFigure(f: Figure): string {
  const { x, u } = f;
  const turn = f.turn ?? 0;
  const facing = Math.cos(turn);
  const side = Math.sin(turn);
  // Seen from the side a body is narrower: squeeze it as the figure turns.
  const squash = 0.62 + 0.38 * Math.abs(facing);
  const back = facing < -0.2;
  const hw = 1.25 * u * squash;
  const sy = f.shoulders;
  const hy = sy - 1.3 * u;
  const fx = x + side * 0.45 * u;

  const parts: string[] = [];
  parts.push(hairBehind(f, hy));
  // Neck, then the body over its lower end.
  parts.push(
    `<rect x="${n(x - 0.3 * u * squash)}" y="${n(hy + 0.6 * u)}" width="${n(0.6 * u * squash)}" height="` +
      `${n(sy - hy - 0.2 * u)}" fill="${f.skin}"/>`,
  );
  parts.push(
    `<path d="M${n(x - hw)},${n(f.bottom + 2)} L${n(x - hw)},${n(sy + 0.55 * u)} Q${n(x - hw)},${n(sy)} ` +
      `${n(x - hw + 0.6 * u)},${n(sy)} ` +
      `L${n(x + hw - 0.6 * u)},${n(sy)} Q${n(x + hw)},${n(sy)} ${n(x + hw)},${n(sy + 0.55 * u)} L${n(x + hw)},` +
      `${n(f.bottom + 2)} Z" fill="${f.shirt}"/>`,
  );
  // A soft light from the left gives the flat shirt some volume.
  parts.push(
    `<path d="M${n(x - hw + 0.15 * u)},${n(f.bottom)} L${n(x - hw + 0.15 * u)},${n(sy + 0.6 * u)} Q` +
      `${n(x - hw + 0.2 * u)},${n(sy + 0.15 * u)} ${n(x - hw + 0.65 * u)},${n(sy + 0.12 * u)} L${n(x - 0.2 * u)},` +
      `${n(sy + 0.12 * u)} L${n(x - 0.5 * u)},${n(f.bottom)} Z" fill="#fff" opacity="0.12"/>`,
  );
  if (!back)
    parts.push(
      `<path d="M${n(x - 0.34 * u * squash)},${n(sy - 1)} L${n(x + 0.34 * u * squash)},${n(sy - 1)} L${n(x)},` +
        `${n(sy + 0.45 * u)} Z" fill="${f.skin}"/>`,
    );
  parts.push(arm(f, -1, f.lift[0], hw), arm(f, 1, f.lift[1], hw));
  // Ears, head, a shadow under the chin.
  if (!back) {
    parts.push(`<circle cx="${n(x - u * squash)}" cy="${n(hy + 0.1 * u)}" r="${n(0.2 * u)}" fill="${f.skin}"/>`);
    parts.push(`<circle cx="${n(x + u * squash)}" cy="${n(hy + 0.1 * u)}" r="${n(0.2 * u)}" fill="${f.skin}"/>`);
  }
  parts.push(`<circle cx="${n(x)}" cy="${n(hy)}" r="${n(u)}" fill="${f.skin}"/>`);
  if (back) {
    if (f.hairStyle !== 'careca')
      parts.push(`<circle cx="${n(x)}" cy="${n(hy - 0.02 * u)}" r="${n(1.04 * u)}" fill="${f.hair}"/>`);
  } else {
    parts.push(hairFront(f, hy));
    parts.push(face(f, fx, hy, facing));
  }
  parts.push(headProp(f, fx, hy, back));
  return `<g>${parts.join('')}</g>`;
}

function arm(f: Figure, sign: -1 | 1, lift: number, hw: number): string {
  const { x, u } = f;
  const sy = f.shoulders;
  const t = Math.min(Math.max(lift, 0), 1);
  const sx = x + sign * (hw - 0.25 * u);
  const sty = sy + 0.35 * u;
  const ex = x + sign * (hw + lerp(0.25, 0.8, t) * u);
  const ey = sy + lerp(1.4, -0.45, t) * u;
  const hx = x + sign * (hw + lerp(0.05, 0.5, t) * u);
  const hy = sy + lerp(2.5, -1.6, t) * u;
  let out =
    `<path d="M${n(sx)},${n(sty)} L${n(ex)},${n(ey)}" stroke="${f.shirt}" stroke-width="${n(0.64 * u)}" ` +
    `stroke-linecap="round" fill="none"/>` +
    `<path d="M${n(ex)},${n(ey)} L${n(hx)},${n(hy)}" stroke="${f.skin}" stroke-width="${n(0.42 * u)}" ` +
    `stroke-linecap="round" fill="none"/>` +
    `<circle cx="${n(hx)}" cy="${n(hy)}" r="${n(0.27 * u)}" fill="${f.skin}"/>`;
  if (t > 0.7) {
    // The peace sign every booth photo has.
    const fingers = [-1, 1]
      .map(
        (d) =>
          `<path d="M${n(hx + d * 0.05 * u)},${n(hy - 0.1 * u)} L${n(hx + d * 0.2 * u)},${n(hy - 0.62 * u)}" ` +
          `stroke="${f.skin}" stroke-width="${n(0.14 * u)}" stroke-linecap="round"/>`,
      )
      .join('');
    out += fingers;
  }
  return out;
}

function hairBehind(f: Figure, hy: number): string {
  const { x, u } = f;
  switch (f.hairStyle) {
    case 'longo':
      return (
        `<rect x="${n(x - 1.2 * u)}" y="${n(hy - 1.1 * u)}" width="${n(2.4 * u)}" height="${n(2.75 * u)}" rx="` +
        `${n(1.1 * u)}" fill="${f.hair}"/>`
      );
    case 'cacheado': {
      const bumps = Array.from({ length: 9 }, (_, i) => {
        const a = Math.PI * (0.95 + (i / 8) * 1.1);
        return (
          `<circle cx="${n(x + Math.cos(a) * 1.22 * u)}" cy="${n(hy - 0.15 * u + Math.sin(a) * 1.22 * u)}" r="` +
          `${n(0.42 * u)}" fill="${f.hair}"/>`
        );
      }).join('');
      return `<circle cx="${n(x)}" cy="${n(hy - 0.2 * u)}" r="${n(1.3 * u)}" fill="${f.hair}"/>${bumps}`;
    }
    case 'coque':
      return `<circle cx="${n(x)}" cy="${n(hy - 1.1 * u)}" r="${n(0.46 * u)}" fill="${f.hair}"/>`;
    default:
      return '';
  }
}

function hairFront(f: Figure, hy: number): string {
  const { x, u } = f;
  const r = 1.04 * u;
  switch (f.hairStyle) {
    case 'careca':
      return (
        `<ellipse cx="${n(x - 0.35 * u)}" cy="${n(hy - 0.6 * u)}" rx="${n(0.3 * u)}" ry="${n(0.15 * u)}" ` +
        `fill="#fff" opacity="0.3"/>`
      );
    case 'cacheado':
      return [-0.55, 0, 0.55]
        .map(
          (d) =>
            `<circle cx="${n(x + d * u)}" cy="${n(hy - (0.78 + (d === 0 ? 0.08 : 0)) * u)}" r="${n(0.32 * u)}" ` +
            `fill="${f.hair}"/>`,
        )
        .join('');
    case 'coque':
      return (
        `<path d="M${n(x - r)},${n(hy)} A${n(r)},${n(r)} 0 0 1 ${n(x + r)},${n(hy)} Q${n(x)},${n(hy - 0.55 * u)} ` +
        `${n(x - r)},${n(hy)} Z" fill="${f.hair}"/>`
      );
    default:
      // A side-swept fringe.
      return (
        `<path d="M${n(x - r)},${n(hy + 0.05 * u)} A${n(r)},${n(r)} 0 0 1 ${n(x + r)},${n(hy + 0.05 * u)} ` +
        `C${n(x + 0.9 * u)},${n(hy - 0.5 * u)} ${n(x + 0.3 * u)},${n(hy - 0.55 * u)} ${n(x - 0.2 * u)},` +
        `${n(hy - 0.4 * u)} ` +
        `C${n(x - 0.6 * u)},${n(hy - 0.28 * u)} ${n(x - 0.9 * u)},${n(hy - 0.15 * u)} ${n(x - r)},` +
        `${n(hy + 0.05 * u)} Z" fill="${f.hair}"/>`
      );
  }
}

function face(f: Figure, fx: number, hy: number, facing: number): string {
  const { u } = f;
  const spread = 0.36 * u * (0.55 + 0.45 * Math.abs(facing));
  const parts: string[] = [];
  for (const d of [-1, 1]) {
    const ex = fx + d * spread;
    parts.push(
      `<circle cx="${n(fx + d * 1.7 * spread)}" cy="${n(hy + 0.32 * u)}" r="${n(0.17 * u)}" fill="#ff5d8f" ` +
        `opacity="0.35"/>`,
    );
    if (f.prop !== 'oculos' && f.prop !== 'coracao') {
      parts.push(`<ellipse cx="${n(ex)}" cy="${n(hy)}" rx="${n(0.11 * u)}" ry="${n(0.15 * u)}" fill="#2b1d1d"/>`);
      parts.push(`<circle cx="${n(ex - 0.035 * u)}" cy="${n(hy - 0.05 * u)}" r="${n(0.04 * u)}" fill="#fff"/>`);
    }
    parts.push(
      `<path d="M${n(ex - 0.15 * u)},${n(hy - 0.28 * u)} Q${n(ex)},${n(hy - 0.4 * u)} ${n(ex + 0.15 * u)},` +
        `${n(hy - 0.28 * u)}" stroke="${f.hair}" stroke-width="${n(0.07 * u)}" stroke-linecap="round" ` +
        `fill="none"/>`,
    );
  }
  const m = 0.4 * u * (0.6 + 0.4 * Math.abs(facing));
  parts.push(
    `<path d="M${n(fx - m)},${n(hy + 0.3 * u)} Q${n(fx)},${n(hy + 0.95 * u)} ${n(fx + m)},${n(hy + 0.3 * u)} ` +
      `Z" fill="#6d1a2a"/>`,
  );
  parts.push(
    `<ellipse cx="${n(fx)}" cy="${n(hy + 0.55 * u)}" rx="${n(0.16 * u)}" ry="${n(0.07 * u)}" fill="#ff7b8b"/>`,
  );
  parts.push(
    `<path d="M${n(fx - m * 0.85)},${n(hy + 0.33 * u)} L${n(fx + m * 0.85)},${n(hy + 0.33 * u)} L` +
      `${n(fx + m * 0.7)},${n(hy + 0.42 * u)} L${n(fx - m * 0.7)},${n(hy + 0.42 * u)} Z" fill="#fff"/>`,
  );
  parts.push(facePropSvg(f, fx, hy, spread));
  return parts.join('');
}

/** Trousers and shoes, so that a guest can stand on something. */
export function legs(cx: number, hip: number, floor: number, u: number, squash = 1): string {
  return [-1, 1]
    .map(
      (d) =>
        `<rect x="${n(cx + d * 0.55 * u * squash - 0.35 * u * squash)}" y="${n(hip)}" width="` +
        `${n(0.7 * u * squash)}" height="${n(floor - hip)}" rx="${n(0.2 * u)}" fill="#2f2a44"/>` +
        `<ellipse cx="${n(cx + d * 0.6 * u * squash)}" cy="${n(floor)}" rx="${n(0.5 * u * squash)}" ry="` +
        `${n(0.22 * u)}" fill="#111"/>`,
    )
    .join('');
}
