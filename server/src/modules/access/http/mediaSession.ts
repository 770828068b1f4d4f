import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadServerSecret } from '../../../platform/storage/serverSecret';
import { readCookie } from './visitorCookies';

/**
 * `<img>` and `<video>` cannot send the `idToken` header, so a signed-in SPA trades its token for
 * this cookie (POST /api/media-session) and the media gate reads it. Its value is
 * `{uid, base64url}.{expiry, epoch ms}[.t].{HMAC-SHA256 of the rest, base64url}` under the
 * server's secret (`.t`: a member of the team when it was made, who may see every event):
 * nobody can forge one or stretch its expiry, and no session store is needed (any app server with
 * the same secret accepts it).
 */
export const MEDIA_COOKIE = 'cabine_media';
/** Short-lived: a token revoked or a logout in another tab stops working within the hour. */
const MEDIA_SESSION_TTL_MS = 60 * 60 * 1000;
const SECRET_FILE = 'media-session.key';

export interface MediaSessionKeys {
  secret: Buffer;
  /** Secure cookies when the public URL is https. */
  secure: boolean;
}

/**
 * MEDIA_SESSION_SECRET when configured (every app server behind one balancer needs the same);
 * otherwise a random one made once and kept in the data folder, so that a restart keeps the
 * sessions it handed out valid.
 */
export function loadMediaSessionSecret(configured: string | null, dataDir: string): Promise<Buffer> {
  return loadServerSecret(configured, dataDir, SECRET_FILE);
}

export function mac(secret: Buffer, payload: string): Buffer {
  return crypto.createHmac('sha256', secret).update(payload).digest();
}

export function signMediaSession(secret: Buffer, uid: string, expiresAt: number, team = false): string {
  const payload = `${Buffer.from(uid, 'utf8').toString('base64url')}.${expiresAt}${team ? '.t' : ''}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** Who a media cookie vouches for. */
export interface MediaSession {
  uid: string;
  team: boolean;
}

/** What a cookie value vouches for, or null when it is forged, altered, malformed or expired. */
export function readMediaSession(secret: Buffer, value: string | undefined, now = Date.now()): MediaSession | null {
  if (!value || value.length > 512) return null;
  const match = /^([A-Za-z0-9_-]{1,256})\.([0-9]{1,15})(\.t)?\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, uid64, expiry, team, signature] = match;
  const expected = mac(secret, `${uid64}.${expiry}${team ?? ''}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  if (Number(expiry) <= now) return null;
  const uid = Buffer.from(uid64, 'base64url').toString('utf8');
  return uid ? { uid, team: team !== undefined } : null;
}

/** The uid a cookie value vouches for, or null (`readMediaSession`). */
export function verifyMediaSession(secret: Buffer, value: string | undefined, now = Date.now()): string | null {
  return readMediaSession(secret, value, now)?.uid ?? null;
}

/** The request's media cookie, when it carries a good one. */
export function mediaSessionOf(request: FastifyRequest, keys: MediaSessionKeys): MediaSession | null {
  return readMediaSession(keys.secret, readCookie(request, MEDIA_COOKIE));
}

function cookie(value: string, maxAgeS: number, secure: boolean): string {
  // HttpOnly: no script reads it; SameSite=Lax: another site's page cannot make use of it.
  return `${MEDIA_COOKIE}=${value}; Path=/; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function setMediaSessionCookie(
  reply: FastifyReply,
  keys: MediaSessionKeys,
  session: MediaSession,
  now = Date.now(),
): number {
  const expiresAt = now + MEDIA_SESSION_TTL_MS;
  reply.header(
    'Set-Cookie',
    cookie(
      signMediaSession(keys.secret, session.uid, expiresAt, session.team),
      MEDIA_SESSION_TTL_MS / 1000,
      keys.secure,
    ),
  );
  reply.header('Cache-Control', 'no-store');
  return expiresAt;
}

export function clearMediaSessionCookie(reply: FastifyReply, keys: MediaSessionKeys): void {
  reply.header('Set-Cookie', cookie('', 0, keys.secure));
  reply.header('Cache-Control', 'no-store');
}
