import crypto from 'node:crypto';

/** How far a notification's timestamp may be from our clock, either way. */
const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

export type SignatureVerdict = 'valid' | 'missing' | 'invalid' | 'stale';

export interface SignedNotification {
  /** The `x-signature` header: `ts=...,v1=...`. */
  signature: string | undefined;
  /** The `x-request-id` header. */
  requestId: string | undefined;
  /** The query string's `data.id`. */
  dataId: string | undefined;
}

/**
 * The manifest Mercado Pago signs
 * (https://www.mercadopago.com.br/developers/pt/docs/your-integrations/notifications/webhooks):
 * `id:{data.id};request-id:{x-request-id};ts:{ts};`, the id lower-cased when alphanumeric, a
 * pair left out when its value is absent.
 */
function signatureManifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return manifestOf(id, requestId, ts);
}

function manifestOf(id: string | undefined, requestId: string | undefined, ts: string): string {
  return `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

/** The `x-signature` header Mercado Pago would send, for the tests (docs/payments.md signs one by hand). */
export function signNotification(
  secret: string,
  dataId: string | undefined,
  requestId: string | undefined,
  ts: string,
): string {
  const v1 = crypto
    .createHmac('sha256', secret)
    .update(signatureManifest(dataId, requestId, ts))
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

/**
 * Checks a notification's `x-signature`: HMAC-SHA256 of the manifest with our secret, compared
 * in constant time, and a timestamp (seconds) within WEBHOOK_TOLERANCE_MS of `now`. Without a
 * secret nothing is believed.
 */
export function verifyNotification(
  secret: string | null,
  notification: SignedNotification,
  now = Date.now(),
): SignatureVerdict {
  const header = notification.signature?.trim();
  if (!header) return 'missing';
  if (!secret) return 'invalid';
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of header.split(',')) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === 'ts') ts = value.join('=').trim();
    if (key?.trim() === 'v1') v1 = value.join('=').trim();
  }
  if (!ts || !/^\d{1,15}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return 'invalid';
  const given = Buffer.from(v1, 'hex');
  // The documented manifest lower-cases the id; an order's id (ORD01...) has been seen signed as
  // it is sent. Both come from the id received, and each needs our secret.
  const manifests = [
    signatureManifest(notification.dataId, notification.requestId, ts),
    manifestOf(notification.dataId, notification.requestId, ts),
  ];
  const signed = manifests.some((manifest) =>
    crypto.timingSafeEqual(crypto.createHmac('sha256', secret).update(manifest).digest(), given),
  );
  if (!signed) return 'invalid';
  return Math.abs(now - Number(ts) * 1000) > WEBHOOK_TOLERANCE_MS ? 'stale' : 'valid';
}
