import crypto from 'node:crypto';
import type { WhatsAppSettings } from '../../../server/src/platform/configDelivery';
import type { AcceptedMessage, PlayedFailure } from '../../../tools/standIns/whatsAppStandIn';
import { STAND_IN_TOKEN } from '../../../tools/standIns/whatsAppStandIn';

/**
 * The WhatsApp stand-in the server tests' services run (tools/standIns/whatsAppStandIn.ts), reached over HTTP as
 * the server reaches Meta: a test file takes a phone number id and recipients of its own, so files side by side
 * never read each other's messages.
 */

export const standInUrl = () => process.env.TEST_WHATSAPP_URL ?? '';

/** A phone number id nobody else uses. */
export const newPhoneNumberId = () => `1${crypto.randomInt(1e9, 1e10)}`;

/** A Brazilian mobile in E.164 nobody else uses. */
export const newWhatsAppNumber = () => `+551198${crypto.randomInt(1e6, 1e7)}`;

export function standInSettings(phoneNumberId: string, overrides: Partial<WhatsAppSettings> = {}): WhatsAppSettings {
  return {
    apiUrl: standInUrl(),
    apiVersion: 'v24.0',
    phoneNumberId,
    accessToken: STAND_IN_TOKEN,
    templates: { photos: 'cabine_fotos', eventEnd: 'cabine_fim_da_festa', language: 'pt_BR' },
    ...overrides,
  };
}

/** What the stand-in accepted for `to` (E.164), in order. */
export async function acceptedFor(to: string): Promise<AcceptedMessage[]> {
  const response = await fetch(`${standInUrl()}/_standin/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: AcceptedMessage[] }).messages;
}

/** The next `times` messages to `to` fail with Meta's `code` (`async`: accepted, then a failed status). */
export async function failNext(to: string, failure: Partial<PlayedFailure> & { code: number }): Promise<void> {
  const response = await fetch(`${standInUrl()}/_standin/failures/${to.replace(/^\+/, '')}`, {
    method: 'PUT',
    body: JSON.stringify(failure),
  });
  if (response.status !== 204) throw new Error(`the stand-in refused the failure: ${response.status}`);
}

/**
 * Where the stand-in posts the statuses of `phoneNumberId`'s messages, and the secret it signs them with;
 * `fetchMedia`: each image link is fetched first, and one that does not answer 200 fails its message (131053).
 */
export async function registerWebhook(
  phoneNumberId: string,
  url: string,
  appSecret: string,
  fetchMedia = false,
): Promise<void> {
  const response = await fetch(`${standInUrl()}/_standin/webhooks/${phoneNumberId}`, {
    method: 'PUT',
    body: JSON.stringify({ url, appSecret, fetchMedia }),
  });
  if (response.status !== 204) throw new Error(`the stand-in refused the webhook: ${response.status}`);
}
