/** JSON-schema fragments shared by the routes. Every string has a pattern or a length bound. */

export const NAME = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;
export const HASH = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;
export const AGENT = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;
export const DEVICE = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;
export const MEDIA_MODE = { type: 'string', enum: ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360'] } as const;
/** Free text in a path segment (a name being checked, a prompt): bounded, classified by the handler. */
export const SEGMENT = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** A comma-separated list in a path segment. */
export const LIST_SEGMENT = { type: 'string', minLength: 1, maxLength: 4000 } as const;
export const TEXT = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export function params<P extends Record<string, object>>(properties: P) {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false } as const;
}
