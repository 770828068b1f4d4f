import type { WhatsAppSettings } from '../../../platform/configDelivery';
import { unreachable, whatsAppFailure, type GraphError } from './whatsAppFailures';
import { templateRequest, UnsendableMessage } from './whatsAppTemplate';
import type { DeliveryTransport, OutgoingMessage, SendResult } from './transport';

/**
 * WhatsApp through the WhatsApp Business Cloud API: one template message per message, posted to
 * `{api}/{version}/{phone-number-id}/messages` with the access token; Meta's answer `messages[0].id` (a `wamid.`)
 * is the id its status notifications name. The API does not de-duplicate: a request whose answer was lost (a
 * timeout) may have been sent; it is answered `unsettled`, and the send job waits for its notification before it
 * tries again (sendAttempts.ts). Each request carries our idempotency key, which Meta echoes in those notifications.
 */

/** How long Meta may take to answer one message before it is tried again later. */
const REQUEST_TIMEOUT_MS = 15_000;

interface SendAnswer {
  messages?: Array<{ id?: unknown }>;
  error?: GraphError;
}

async function answerOf(response: Response): Promise<SendAnswer | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as SendAnswer) : null;
  } catch {
    return null;
  }
}

export function whatsAppTransport(settings: WhatsAppSettings, fetchImpl: typeof fetch = fetch): DeliveryTransport {
  const endpoint = `${settings.apiUrl}/${settings.apiVersion}/${settings.phoneNumberId}/messages`;
  return {
    channel: 'whatsapp',
    async send(message: OutgoingMessage): Promise<SendResult> {
      if (message.channel !== 'whatsapp')
        return { ok: false, retryable: false, reason: 'mensagem de outro canal entregue ao WhatsApp' };
      let request;
      try {
        request = templateRequest(message, settings.templates);
      } catch (error) {
        if (error instanceof UnsendableMessage) return { ok: false, retryable: false, reason: error.message };
        throw error;
      }
      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        return { ok: false, ...unreachable(error) };
      }
      const answer = await answerOf(response);
      const id = answer?.messages?.[0]?.id;
      if (response.ok && typeof id === 'string' && id !== '') return { ok: true, providerId: id };
      // Taken, it seems, under an id we cannot read: its notification, by our key, will say.
      if (response.ok)
        return {
          ok: false,
          retryable: true,
          reason: 'a API do WhatsApp respondeu sem o id da mensagem',
          unsettled: true,
        };
      return { ok: false, ...whatsAppFailure(response.status, answer?.error ?? null) };
    },
    async close() {
      // Each message is one request: nothing is held open.
    },
  };
}
