import crypto from 'node:crypto';

/**
 * The code a booth's screen shows in its QR code for "my last photo" (deviceLast), so that a guest
 * who scans it is known to have been there: the booth's address alone is guessable (its event and
 * device names), so it opens a link-only or private event to nobody. The code is signed by the
 * server for one booth of one event and one window of time: a photo of the screen taken home, or
 * a link passed on, stops opening anything within minutes, and a booth moved to another event
 * shows another code.
 */

/** A code is made for a window of this long; the booth asks for a new one well within it. */
export const BOOTH_CODE_WINDOW_MS = 2 * 60_000;
/** base64url characters of the signature: 128 bits. */
const CODE_LENGTH = 22;
export const BOOTH_CODE_PATTERN = `^[A-Za-z0-9_-]{${CODE_LENGTH}}$`;

/** The key codes are signed with, derived from the server's device secret (never the secret itself). */
export function boothCodeKey(secret: Buffer): Buffer {
  return crypto.createHmac('sha256', secret).update('booth-code-v1').digest();
}

const windowOf = (at: number) => Math.floor(at / BOOTH_CODE_WINDOW_MS);

function sign(key: Buffer, event: string, device: string, window: number): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${event}\n${device}\n${window}`)
    .digest('base64url')
    .slice(0, CODE_LENGTH);
}

/** The code of a booth of an event now, and until when it is taken (the end of the next window). */
export function boothCode(
  key: Buffer,
  event: string,
  device: string,
  now = Date.now(),
): { code: string; validUntil: Date } {
  const window = windowOf(now);
  return { code: sign(key, event, device, window), validUntil: new Date((window + 2) * BOOTH_CODE_WINDOW_MS) };
}

/**
 * Whether `code` is the booth's code of this window or the one before: a QR code scanned as the
 * window turns still opens, and none older than two windows does.
 */
export function isBoothCode(key: Buffer, event: string, device: string, code: string, now = Date.now()): boolean {
  const given = Buffer.from(code);
  // Bytes, not characters: an accented code of the right length must not reach the comparison.
  if (given.length !== CODE_LENGTH) return false;
  const window = windowOf(now);
  return [window, window - 1].some((one) => crypto.timingSafeEqual(given, Buffer.from(sign(key, event, device, one))));
}
