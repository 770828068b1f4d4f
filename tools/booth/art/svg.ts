/**
 * Helpers to write SVG by hand. librsvg (inside sharp) renders the SVG; the fonts are the
 * system's, so the families list common ones first and a generic family last.
 */
export const FONT_SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
export const FONT_SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, serif";

/** Rounds coordinates: shorter SVG, and the same text on every platform. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function svgDocument(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}` +
    `">${body}</svg>`
  );
}

/** Places a drawing made for another size inside a rectangle (nested SVG clips to it). */
export function nested(
  x: number,
  y: number,
  width: number,
  height: number,
  body: string,
  viewBox = `0 0 ${width} ${height}`,
): string {
  return (
    `<svg x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" viewBox="${viewBox}" ` +
    `preserveAspectRatio="xMidYMid slice">${body}</svg>`
  );
}

export function linearGradient(id: string, stops: readonly string[], vertical = true): string {
  const last = Math.max(stops.length - 1, 1);
  const offsets = stops.map((colour, i) => `<stop offset="${n((i / last) * 100)}%" stop-color="${colour}"/>`).join('');
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${direction}>${offsets}</linearGradient>`;
}

/** A soft light blob: opaque in the middle, transparent at the rim. */
export function glowGradient(id: string, colour: string, opacity = 1): string {
  return (
    `<radialGradient id="${id}"><stop offset="0%" stop-color="${colour}" stop-opacity="${opacity}"/><stop ` +
    `offset="100%" stop-color="${colour}" stop-opacity="0"/></radialGradient>`
  );
}

/** A four-pointed twinkle. */
export function sparkle(x: number, y: number, r: number, fill: string, opacity = 1): string {
  const k = r * 0.22;
  const d =
    `M${n(x)},${n(y - r)} L${n(x + k)},${n(y - k)} L${n(x + r)},${n(y)} L${n(x + k)},${n(y + k)} L${n(x)},` +
    `${n(y + r)} L${n(x - k)},${n(y + k)} L${n(x - r)},${n(y)} L${n(x - k)},${n(y - k)} Z`;
  return `<path d="${d}" fill="${fill}" opacity="${opacity}"/>`;
}

/** A heart whose bounding box is centred on (x, y) and about `size` wide. */
export function heartPath(x: number, y: number, size: number): string {
  const s = size / 2;
  return (
    `M${n(x)},${n(y + s * 0.9)} ` +
    `C${n(x - s * 1.2)},${n(y + s * 0.1)} ${n(x - s * 1.05)},${n(y - s * 0.95)} ${n(x)},${n(y - s * 0.4)} ` +
    `C${n(x + s * 1.05)},${n(y - s * 0.95)} ${n(x + s * 1.2)},${n(y + s * 0.1)} ${n(x)},${n(y + s * 0.9)} Z`
  );
}

/** Text with a soft dark shadow, legible on any background. */
export function shadowText(x: number, y: number, text: string, attrs: string, fill: string, offset = 3): string {
  return (
    `<text x="${n(x + offset)}" y="${n(y + offset)}" ${attrs} fill="#000" fill-opacity="0.35">${esc(text)}</text>` +
    `<text x="${n(x)}" y="${n(y)}" ${attrs} fill="${fill}">${esc(text)}</text>`
  );
}
