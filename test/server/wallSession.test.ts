import crypto from 'node:crypto';
import { signWallSession, wallSessionOpens } from '../../server/src/modules/access/http/wallSession';

/**
 * The wall's cookie (server/src/modules/access/http/wallSession.ts): it opens one event's files while its key stands,
 * and nothing else.
 */
const secret = crypto.randomBytes(32);
const KEY = 'ChaveDoTelao0123456789abcdefABCD';
const NOW = 1_800_000_000_000;
const value = signWallSession(secret, 'festa', KEY, NOW + 60_000);

describe("a wall's cookie", () => {
  it('opens its event while the key is the one it was made from, until it expires', () => {
    expect(wallSessionOpens(secret, value, 'festa', KEY, NOW)).toBe(true);
    expect(wallSessionOpens(secret, value, 'festa', KEY, NOW + 60_000)).toBe(false);
  });

  it('opens no other event, and nothing once the key changed or went', () => {
    expect(wallSessionOpens(secret, value, 'outra', KEY, NOW)).toBe(false);
    expect(wallSessionOpens(secret, value, 'festa', 'OutraChave0123456789abcdefABCDEF', NOW)).toBe(false);
    expect(wallSessionOpens(secret, value, 'festa', null, NOW)).toBe(false);
  });

  it('is refused altered, signed with another secret, or malformed', () => {
    const [event, print, expiry, signature] = value.split('.');
    const later = `${event}.${print}.${Number(expiry) + 3_600_000}.${signature}`;
    expect(wallSessionOpens(secret, later, 'festa', KEY, NOW)).toBe(false);
    const otherEvent = `${Buffer.from('outra').toString('base64url')}.${print}.${expiry}.${signature}`;
    expect(wallSessionOpens(secret, otherEvent, 'outra', KEY, NOW)).toBe(false);
    expect(wallSessionOpens(crypto.randomBytes(32), value, 'festa', KEY, NOW)).toBe(false);
    for (const bad of ['', 'x', `${value}.`, value.slice(0, -1), 'a'.repeat(600)])
      expect(wallSessionOpens(secret, bad, 'festa', KEY, NOW)).toBe(false);
  });
});
