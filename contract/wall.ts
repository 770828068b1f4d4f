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

/**
 * How many of the night's media a page of it holds (`GET /telao/{publicId}/noite`): a TV's browser holds a page or two.
 */
export const WALL_NIGHT_PAGE = 30;
/** Where a page of the night starts: after the medium of this cursor (its time in microseconds and its id). */
export const WALL_CURSOR_PATTERN = '^[0-9]{1,18}-[0-9]{1,18}$';
/** A wall code: 128 bits of an HMAC, base64url (server/src/modules/wall/wallCodes.ts). */
export const WALL_CODE_LENGTH = 22;
export const WALL_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The link a wall's QR code carries for `url`: its collect link, with the medium's wall code when its own link would
 * not open its event.
 */
export function wallCollectLink(url: string, code: string | undefined): string {
  return withQuery(ROUTES.collect, { id: url, telao: code });
}
