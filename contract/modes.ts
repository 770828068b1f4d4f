/** The booth types (modes) (docs/product.md#who-uses-it), in the original order. */
export const BOOTH_MODES = ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360', 'nulo'] as const;
export type BoothMode = (typeof BOOTH_MODES)[number];

/** Modes whose media the server lists (nulo is an empty placeholder). */
export const MEDIA_MODES = ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360'] as const;
export type MediaMode = (typeof MEDIA_MODES)[number];

export function isBoothMode(value: unknown): value is BoothMode {
  return typeof value === 'string' && (BOOTH_MODES as readonly string[]).includes(value);
}

export function isMediaMode(value: unknown): value is MediaMode {
  return typeof value === 'string' && (MEDIA_MODES as readonly string[]).includes(value);
}
