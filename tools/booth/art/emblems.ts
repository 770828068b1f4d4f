import { n, sparkle } from './svg';

/**
 * Small symbols of an event, centred on (x, y) and about `size` tall: balloons for a birthday,
 * rings for a wedding, a mortarboard for a graduation.
 */
export type Emblem = 'baloes' | 'aliancas' | 'capelo';

export function emblem(kind: Emblem, x: number, y: number, size: number, id: string): string {
  switch (kind) {
    case 'baloes':
      return balloons(x, y, size, id);
    case 'aliancas':
      return rings(x, y, size, id);
    case 'capelo':
      return mortarboard(x, y, size);
  }
}

function balloons(x: number, y: number, size: number, id: string): string {
  const r = size * 0.2;
  const knotY = y + size * 0.5;
  const specs = [
    { dx: -0.26, dy: -0.12, colour: '#ff4f9a' },
    { dx: 0.26, dy: -0.1, colour: '#3ec5ff' },
    { dx: 0, dy: -0.26, colour: '#ffd23f' },
  ];
  const shine =
    `<radialGradient id="${id}-bshine" cx="0.35" cy="0.3" r="0.7"><stop offset="0" stop-color="#fff" ` +
    `stop-opacity="0.75"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" ` +
    `stop-color="#000" stop-opacity="0.12"/></radialGradient>`;
  const strings = specs
    .map(
      (s) =>
        `<path d="M${n(x + s.dx * size)},${n(y + s.dy * size + r * 1.2)} Q${n(x + s.dx * size * 0.4)},` +
        `${n(y + size * 0.3)} ${n(x)},${n(knotY)}" stroke="#fff" stroke-width="${n(size * 0.012)}" ` +
        `fill="none"/>`,
    )
    .join('');
  const bodies = specs
    .map(
      (s) =>
        `<ellipse cx="${n(x + s.dx * size)}" cy="${n(y + s.dy * size)}" rx="${n(r)}" ry="${n(r * 1.2)}" fill="` +
        `${s.colour}"/>` +
        `<ellipse cx="${n(x + s.dx * size)}" cy="${n(y + s.dy * size)}" rx="${n(r)}" ry="${n(r * 1.2)}" ` +
        `fill="url(#${id}-bshine)"/>`,
    )
    .join('');
  return (
    `<defs>${shine}</defs>${strings}${bodies}<path d="M${n(x - size * 0.06)},${n(knotY + size * 0.02)} L` +
    `${n(x + size * 0.06)},${n(knotY + size * 0.02)} L${n(x)},${n(knotY - size * 0.06)} Z" fill="#fff"/>`
  );
}

function rings(x: number, y: number, size: number, id: string): string {
  const r = size * 0.27;
  const stroke = size * 0.07;
  const gold =
    `<linearGradient id="${id}-gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff1b8"/><stop ` +
    `offset="0.5" stop-color="#e0a100"/><stop offset="1" stop-color="#fff1b8"/></linearGradient>`;
  const ring = (cx: number, cy: number) =>
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="url(#${id}-gold)" stroke-width="` +
    `${n(stroke)}"/>`;
  const gemX = x - r * 0.55;
  const gemY = y - r * 1.05;
  const gem =
    `<path d="M${n(gemX - size * 0.08)},${n(gemY)} L${n(gemX)},${n(gemY - size * 0.08)} L${n(gemX + size * 0.08)}` +
    `,${n(gemY)} L${n(gemX)},${n(gemY + size * 0.1)} Z" fill="#e8f7ff" stroke="#9fd8ff" stroke-width="` +
    `${n(size * 0.01)}"/>`;
  return (
    `<defs>${gold}</defs>${ring(x - r * 0.55, y + size * 0.05)}${ring(x + r * 0.55, y + size * 0.05)}${gem}` +
    `${sparkle(gemX + size * 0.16, gemY - size * 0.1, size * 0.07, '#fff')}`
  );
}

function mortarboard(x: number, y: number, size: number): string {
  const w = size * 0.55;
  const top = y - size * 0.12;
  return (
    `<path d="M${n(x - w * 0.55)},${n(top + size * 0.1)} L${n(x - w * 0.55)},${n(top + size * 0.32)} Q${n(x)},` +
    `${n(top + size * 0.45)} ${n(x + w * 0.55)},${n(top + size * 0.32)} L${n(x + w * 0.55)},` +
    `${n(top + size * 0.1)} Z" fill="#1d1a2f"/>` +
    `<path d="M${n(x - w)},${n(top)} L${n(x)},${n(top - size * 0.22)} L${n(x + w)},${n(top)} L${n(x)},` +
    `${n(top + size * 0.22)} Z" fill="#2f2a44" stroke="#4a4466" stroke-width="${n(size * 0.01)}"/>` +
    `<path d="M${n(x)},${n(top)} L${n(x + w * 0.8)},${n(top + size * 0.05)} L${n(x + w * 0.8)},` +
    `${n(top + size * 0.32)}" stroke="#ffd23f" stroke-width="${n(size * 0.02)}" fill="none"/>` +
    `<rect x="${n(x + w * 0.8 - size * 0.035)}" y="${n(top + size * 0.3)}" width="${n(size * 0.07)}" height="` +
    `${n(size * 0.13)}" rx="${n(size * 0.02)}" fill="#ffd23f"/>` +
    `<circle cx="${n(x)}" cy="${n(top)}" r="${n(size * 0.025)}" fill="#ffd23f"/>` +
    sparkle(x - w * 0.85, top - size * 0.25, size * 0.06, '#ffd23f')
  );
}
