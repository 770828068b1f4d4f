import crypto from 'node:crypto';
import { oneLine } from './emailContent';
import { graphErrorCode, type GraphError } from './whatsAppFailures';

/**
 * Meta's notifications of what became of our WhatsApp messages (the `messages` webhook field): the signature that
 * proves Meta sent one, and the statuses it carries.
 */

export type NotificationVerdict = 'valid' | 'missing' | 'invalid';

/** The `X-Hub-Signature-256` header Meta sends: `sha256=` and the HMAC-SHA256 of the raw body with the app secret. */
export function signNotificationBody(appSecret: string, body: Buffer | string): string {
  return `sha256=${crypto.createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/**
 * Checks a notification's signature over its body as it arrived (bytes, before any parsing), compared in constant
 * time. Without an app secret nothing is believed.
 */
export function verifyNotificationBody(
  appSecret: string | null,
  header: string | undefined,
  body: Buffer,
): NotificationVerdict {
  const given = header?.trim();
  if (!given) return 'missing';
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(given)?.[1];
  if (!appSecret || !hex) return 'invalid';
  const expected = crypto.createHmac('sha256', appSecret).update(body).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(hex, 'hex')) ? 'valid' : 'invalid';
}

/** What Meta says of a message: sent (to WhatsApp), delivered (to the phone), read, or failed. */
export type WhatsAppStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusNotice {
  /** The message's id as the send answered it (`wamid.…`). */
  providerId: string;
  status: WhatsAppStatus;
  /** Why it failed: Meta's error code and words. */
  reason?: string;
  /** The `biz_opaque_callback_data` the message was sent with, echoed by Meta: our idempotency key. */
  key?: string;
}

/** Meta's limit for `biz_opaque_callback_data`. */
export const CALLBACK_DATA_LENGTH = 512;

const STATUSES = new Set<string>(['sent', 'delivered', 'read', 'failed']);
const REASON_LENGTH = 300;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function failureReason(errors: unknown): string {
  const first = listOf(errors)[0];
  if (!isObject(first)) return 'WhatsApp não entregou a mensagem';
  const error = first as GraphError & { title?: unknown };
  const code = graphErrorCode(error);
  const words = [error.title, error.message, error.error_data?.details]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .filter((part, index, parts) => parts.indexOf(part) === index)
    .join(': ');
  const coded = code !== null ? ` (código ${code})` : '';
  const reason = `WhatsApp não entregou a mensagem${coded}${words ? `: ${words}` : ''}`;
  return oneLine(reason).slice(0, REASON_LENGTH);
}

/**
 * The statuses of a notification's body (`entry[].changes[].value.statuses[]`), in order, each with the key it
 * echoes; what is not a status of ours (an incoming message, another field, a status we do not follow) is left out.
 */
export function statusNotices(body: unknown): StatusNotice[] {
  if (!isObject(body) || body.object !== 'whatsapp_business_account') return [];
  const notices: StatusNotice[] = [];
  for (const entry of listOf(body.entry)) {
    if (!isObject(entry)) continue;
    for (const change of listOf(entry.changes)) {
      if (!isObject(change) || !isObject(change.value)) continue;
      for (const status of listOf(change.value.statuses)) {
        if (!isObject(status) || typeof status.id !== 'string' || typeof status.status !== 'string') continue;
        if (status.id === '' || status.id.length > 256 || !STATUSES.has(status.status)) continue;
        const kind = status.status as WhatsAppStatus;
        const data = status.biz_opaque_callback_data;
        const key = typeof data === 'string' && data !== '' && data.length <= CALLBACK_DATA_LENGTH ? { key: data } : {};
        notices.push(
          kind === 'failed'
            ? { providerId: status.id, status: kind, reason: failureReason(status.errors), ...key }
            : { providerId: status.id, status: kind, ...key },
        );
      }
    }
  }
  return notices;
}
