import { ROUTES, withQuery } from './routePaths';

/** How many of an event's newest media its wall holds: hours of party, never a growing list. */
export const WALL_HISTORY = 40;

/** A wall link's key: 32 random URL-safe characters (migration 0019 checks the shape). */
export const WALL_KEY_LENGTH = 32;
export const WALL_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The wall's page: `/telao?evento={publicId}`, with `&chave={key}` for an event that is not public. */
export function wallPage(publicId: string, key: string | null = null): string {
  return withQuery(ROUTES.wall, { evento: publicId, chave: key ?? undefined });
}
