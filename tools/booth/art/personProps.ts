import type { Figure } from './figure';
import { heartPath, n } from './svg';

/**
 * What a party guest (person.ts) wears or holds: glasses, a moustache or a heart at the face, a hat, a crown or a
 * bow on the head.
 */

export function facePropSvg(f: Figure, fx: number, hy: number, spread: number): string {
  const { u } = f;
  switch (f.prop) {
    case 'oculos': {
      const lens = (d: number) =>
        `<rect x="${n(fx + d * spread * 1.05 - 0.33 * u)}" y="${n(hy - 0.2 * u)}" width="${n(0.66 * u)}" ` +
        `height="${n(0.42 * u)}" rx="${n(0.16 * u)}" fill="#14121c"/>` +
        `<path d="M${n(fx + d * spread * 1.05 - 0.18 * u)},${n(hy - 0.08 * u)} L` +
        `${n(fx + d * spread * 1.05 - 0.02 * u)},${n(hy - 0.14 * u)}" stroke="#fff" stroke-width="` +
        `${n(0.06 * u)}" stroke-linecap="round" opacity="0.6"/>`;
      return (
        `${lens(-1)}${lens(1)}<path d="M${n(fx - 0.1 * u)},${n(hy - 0.08 * u)} Q${n(fx)},${n(hy - 0.16 * u)} ` +
        `${n(fx + 0.1 * u)},${n(hy - 0.08 * u)}" stroke="#14121c" stroke-width="${n(0.07 * u)}" fill="none"/>`
      );
    }
    case 'coracao':
      return [-1, 1]
        .map(
          (d) =>
            `<path d="${heartPath(fx + d * spread * 1.05, hy - 0.02 * u, 0.72 * u)}" fill="#ff2e63" ` +
            `stroke="#b3003c" stroke-width="${n(0.05 * u)}"/>`,
        )
        .join('');
    case 'bigode': {
      const y = hy + 0.3 * u;
      return (
        `<path d="M${n(fx + 0.4 * u)},${n(y + 0.12 * u)} L${n(fx + 0.85 * u)},${n(y + 1.5 * u)}" ` +
        `stroke="#8d5a2b" stroke-width="${n(0.09 * u)}" stroke-linecap="round"/>` +
        `<path d="M${n(fx)},${n(y - 0.05 * u)} C${n(fx - 0.25 * u)},${n(y - 0.2 * u)} ${n(fx - 0.6 * u)},` +
        `${n(y - 0.1 * u)} ${n(fx - 0.62 * u)},${n(y + 0.12 * u)} ` +
        `C${n(fx - 0.4 * u)},${n(y + 0.02 * u)} ${n(fx - 0.2 * u)},${n(y + 0.2 * u)} ${n(fx)},${n(y + 0.1 * u)} ` +
        `C${n(fx + 0.2 * u)},${n(y + 0.2 * u)} ${n(fx + 0.4 * u)},${n(y + 0.02 * u)} ${n(fx + 0.62 * u)},` +
        `${n(y + 0.12 * u)} ` +
        `C${n(fx + 0.6 * u)},${n(y - 0.1 * u)} ${n(fx + 0.25 * u)},${n(y - 0.2 * u)} ${n(fx)},` +
        `${n(y - 0.05 * u)} Z" fill="#1e1512"/>`
      );
    }
    default:
      return '';
  }
}

export function headProp(f: Figure, fx: number, hy: number, back: boolean): string {
  const { x, u } = f;
  switch (f.prop) {
    case 'chapeu': {
      const [a, b] = f.hatColours ?? ['#ffd23f', '#ff4f9a'];
      const top = hy - 2.15 * u;
      const gradient =
        `<linearGradient id="${f.id}-hat" gradientUnits="userSpaceOnUse" x1="${n(x)}" y1="${n(top)}" x2="` +
        `${n(x + 0.22 * u)}" y2="${n(top + 0.34 * u)}" spreadMethod="repeat">` +
        `<stop offset="0" stop-color="${a}"/><stop offset="0.5" stop-color="${a}"/><stop offset="0.5" ` +
        `stop-color="${b}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
      return (
        `<defs>${gradient}</defs><g transform="rotate(${n(f.hatTilt ?? 12)} ${n(x)} ${n(hy - 0.8 * u)})">` +
        `<path d="M${n(x - 0.56 * u)},${n(hy - 0.78 * u)} L${n(x + 0.56 * u)},${n(hy - 0.78 * u)} L${n(x)},` +
        `${n(top)} Z" fill="url(#${f.id}-hat)"/>` +
        `<circle cx="${n(x)}" cy="${n(top)}" r="${n(0.2 * u)}" fill="#fff"/></g>`
      );
    }
    case 'coroa': {
      const base = hy - 0.8 * u;
      const pts = [
        [-0.7, 0],
        [-0.7, -0.55],
        [-0.35, -0.25],
        [0, -0.72],
        [0.35, -0.25],
        [0.7, -0.55],
        [0.7, 0],
      ]
        .map(([dx, dy]) => `${n(x + dx * u)},${n(base + dy * u)}`)
        .join(' ');
      const jewels = [-0.4, 0, 0.4]
        .map(
          (d, i) =>
            `<circle cx="${n(x + d * u)}" cy="${n(base - 0.14 * u)}" r="${n(0.08 * u)}" fill="` +
            `${['#ff2e63', '#3ee6c1', '#6c8cff'][i]}"/>`,
        )
        .join('');
      return (
        `<polygon points="${pts}" fill="#ffd23f" stroke="#e0a100" stroke-width="${n(0.05 * u)}" ` +
        `stroke-linejoin="round"/>${jewels}`
      );
    }
    case 'laco': {
      const bx = (back ? x - 0.6 * u : x + 0.62 * u) + (fx - x) * 0.3;
      const by = hy - 0.82 * u;
      return (
        `<path d="M${n(bx)},${n(by)} L${n(bx - 0.45 * u)},${n(by - 0.3 * u)} L${n(bx - 0.45 * u)},` +
        `${n(by + 0.3 * u)} Z" fill="#ff4f9a"/>` +
        `<path d="M${n(bx)},${n(by)} L${n(bx + 0.45 * u)},${n(by - 0.3 * u)} L${n(bx + 0.45 * u)},` +
        `${n(by + 0.3 * u)} Z" fill="#ff4f9a"/>` +
        `<circle cx="${n(bx)}" cy="${n(by)}" r="${n(0.13 * u)}" fill="#d61f69"/>`
      );
    }
    default:
      return '';
  }
}
