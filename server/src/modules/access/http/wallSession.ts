import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mac, type MediaSessionKeys } from './mediaSession';
import { readCookie } from './visitorCookies';
import type { EventName } from '../../../../../contract/names';

/**
 * A wall opened by its link's key shows files of an event the TV's browser has no other right to
 * see, and `<img>` and `<video>` send no key: the wall's list hands it this cookie, which opens
 * that event's files while the key it was made from is the event's wall key. Its value is
 * `{event, base64url}.{key fingerprint}.{expiry, epoch ms}.{HMAC-SHA256 of the rest}` under the
 * media session's secret, with its own prefix in what is signed, so neither cookie passes for the
 * other. A revoked or changed key closes the files at once: the gate compares the fingerprint
 * with the event's key as it is now.
 */
const WALL_COOKIE = 'cabine_telao';
/** One cookie per event: two walls open in one browser (two screens on one venue PC) keep each its own. */
export const wallCookieName = (eventName: EventName) => `${WALL_COOKIE}_${eventName}`;
/** A wall runs all evening; its list is asked at least every 30 s, and each answer renews it. */
const WALL_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const SIGNED_AS = 'telao';

const fingerprint = (key: string) => crypto.createHash('sha256').update(key).digest('base64url').slice(0, 22);

export function signWallSession(secret: Buffer, eventName: EventName, key: string, expiresAt: number): string {
  const payload = `${Buffer.from(eventName, 'utf8').toString('base64url')}.${fingerprint(key)}.${expiresAt}`;
  return `${payload}.${mac(secret, `${SIGNED_AS}.${payload}`).toString('base64url')}`;
}

/**
 * A cookie value signed under `secret` for `bname`: its key's fingerprint and expiry; null for anything else (altered,
 * another event's, malformed).
 */
function signedFor(
  secret: Buffer,
  value: string | undefined,
  eventName: EventName,
): { print: string; expiry: number } | null {
  if (!value || value.length > 512) return null;
  const match = /^([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{22})\.([0-9]{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, event64, print, expiry, signature] = match;
  const expected = mac(secret, `${SIGNED_AS}.${event64}.${print}.${expiry}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return Buffer.from(event64, 'base64url').toString('utf8') === eventName ? { print, expiry: Number(expiry) } : null;
}

/** Whether the cookie value opens `bname`'s files, its wall key being `key` now (null: no wall link). */
export function wallSessionOpens(
  secret: Buffer,
  value: string | undefined,
  eventName: EventName,
  key: string | null,
  now = Date.now(),
): boolean {
  if (key === null) return false;
  const signed = signedFor(secret, value, eventName);
  return signed !== null && signed.expiry > now && signed.print === fingerprint(key);
}

/**
 * What this request's wall cookie of `bname` makes of it: a screen the wall opens now ('opens'),
 * a screen the wall opened with a key revoked or replaced since, or whose time ran out ('stale'),
 * or no screen of that event's wall at all (null). A screen, opened or not, is never a guest: the
 * file names it shows are nobody's presence (modules/access/http/mediaGate.ts).
 */
export function wallScreenOf(
  request: FastifyRequest,
  keys: MediaSessionKeys,
  eventName: EventName,
  key: string | null,
  now = Date.now(),
): 'opens' | 'stale' | null {
  const value = readCookie(request, wallCookieName(eventName));
  if (signedFor(keys.secret, value, eventName) === null) return null;
  return wallSessionOpens(keys.secret, value, eventName, key, now) ? 'opens' : 'stale';
}

export function setWallSessionCookie(
  reply: FastifyReply,
  keys: MediaSessionKeys,
  eventName: EventName,
  key: string,
  now = Date.now(),
): void {
  const value = signWallSession(keys.secret, eventName, key, now + WALL_SESSION_TTL_MS);
  // HttpOnly: no script reads it; SameSite=Lax: another site's page cannot make use of it.
  reply.header(
    'Set-Cookie',
    `${wallCookieName(eventName)}=${value}; Path=/; Max-Age=${WALL_SESSION_TTL_MS / 1000}; HttpOnly; SameSite=Lax` +
      `${keys.secure ? '; Secure' : ''}`,
  );
}
