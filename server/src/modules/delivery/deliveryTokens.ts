import crypto from 'node:crypto';
import type { MediaRef } from '../../../../contract/mediaPath';
import { isMediaMode } from '../../../../contract/modes';

/**
 * The signed tokens of a message's links (docs/api.md#photos-delivered): 'Parar de receber' and the
 * guest's own photos (a subscription's each, under keys of their own, no expiry: they must work on
 * an old message too) and the short-lived link to a photo when the media store has no presigned URL
 * of its own (the disk). Keys derived from the server's secret, each for its own use, never the
 * secret itself.
 */

const SIGNATURE_BYTES = 16;

/** The keys of the delivery's links, from the server's secret (the media session's). */
export interface DeliveryKeys {
  stop: Buffer;
  /** The guest's own photos (`/privacidade?fotos={token}`): a stop token never opens them, nor the reverse. */
  collection: Buffer;
  photo: Buffer;
}

export function deliveryKeys(secret: Buffer): DeliveryKeys {
  const derive = (use: string) => crypto.createHmac('sha256', secret).update(use).digest();
  return {
    stop: derive('delivery-stop-v1'),
    collection: derive('delivery-collection-v1'),
    photo: derive('delivery-photo-v1'),
  };
}

const mac = (key: Buffer, payload: Buffer) =>
  crypto.createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/** A subscription's token (stop or collection, by the key): its id (8 bytes) and their signature, base64url. */
export function subscriptionToken(key: Buffer, subscriptionId: number): string {
  const payload = Buffer.alloc(8);
  payload.writeBigUInt64BE(BigInt(subscriptionId));
  return Buffer.concat([payload, mac(key, payload)]).toString('base64url');
}

/** The subscription a token names, or null for a token this server did not sign with this key. */
export function subscriptionOfToken(key: Buffer, token: string): number | null {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 8 + SIGNATURE_BYTES || bytes.toString('base64url') !== token) return null;
  const payload = bytes.subarray(0, 8);
  if (!crypto.timingSafeEqual(bytes.subarray(8), mac(key, payload))) return null;
  const id = Number(payload.readBigUInt64BE());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A photo's link token: the photo and until when (seconds since the epoch), and their signature. */
export function photoToken(key: Buffer, ref: MediaRef, expiresAt: Date): string {
  const payload = Buffer.from(
    JSON.stringify([ref.eventName, ref.mode, ref.file, Math.floor(expiresAt.getTime() / 1000)]),
  );
  return `${payload.toString('base64url')}.${mac(key, payload).toString('base64url')}`;
}

/** The photo a link token names while it holds, or null (altered, expired, not ours). */
export function photoOfToken(key: Buffer, token: string, now = new Date()): MediaRef | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const payload = Buffer.from(encoded, 'base64url');
  const given = Buffer.from(signature, 'base64url');
  // Only the one spelling of each: base64url's last character has bits a decoder ignores.
  if (payload.toString('base64url') !== encoded || given.toString('base64url') !== signature) return null;
  if (given.length !== SIGNATURE_BYTES || !crypto.timingSafeEqual(given, mac(key, payload))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.toString());
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [eventName, mode, file, until] = parsed as unknown[];
  if (typeof eventName !== 'string' || typeof file !== 'string' || typeof mode !== 'string') return null;
  if (!isMediaMode(mode) || typeof until !== 'number' || until * 1000 <= now.getTime()) return null;
  return { eventName, mode, file };
}
