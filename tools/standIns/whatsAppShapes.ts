import crypto from 'node:crypto';

/**
 * The WhatsApp Business Cloud API's shapes as the stand-in speaks them (Meta's "Messages API", "WhatsApp error
 * codes" and "Status messages webhook reference"): its answers, its errors and its status notifications.
 */

export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
}

/** What Meta answers with each code (status and words), as far as the stand-in plays them. */
const ERRORS: Record<number, { status: number; title: string }> = {
  1: { status: 500, title: 'API Unknown' },
  2: { status: 503, title: 'API Service' },
  4: { status: 429, title: 'API Too Many Calls' },
  100: { status: 400, title: 'Invalid parameter' },
  190: { status: 401, title: 'Access token has expired' },
  130429: { status: 429, title: 'Rate limit hit' },
  131000: { status: 500, title: 'Something went wrong' },
  131008: { status: 400, title: 'Required parameter is missing' },
  131009: { status: 400, title: 'Parameter value is not valid' },
  131026: { status: 400, title: 'Message undeliverable' },
  131047: { status: 400, title: 'Re-engagement message' },
  131048: { status: 400, title: 'Spam rate limit hit' },
  131053: { status: 400, title: 'Media upload error' },
  131056: { status: 429, title: '(Business Account, Consumer Account) pair rate limit hit' },
  132000: { status: 400, title: 'Template Param Count Mismatch' },
  132001: { status: 404, title: 'Template does not exist' },
  132018: { status: 400, title: 'Template Parameter Format Mismatch' },
  133004: { status: 503, title: 'Server temporarily unavailable' },
};

export function errorTitle(code: number): string {
  return ERRORS[code]?.title ?? 'Unknown error';
}

export function graphError(code: number, details: string): { status: number; body: GraphErrorBody } {
  const known = ERRORS[code] ?? { status: 400, title: 'Unknown error' };
  return {
    status: known.status,
    body: {
      error: {
        message: `(#${code}) ${known.title}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details },
        fbtrace_id: crypto.randomBytes(9).toString('base64url'),
      },
    },
  };
}

export function sendAnswer(to: string, id: string) {
  return {
    messaging_product: 'whatsapp',
    contacts: [{ input: to, wa_id: to }],
    messages: [{ id, message_status: 'accepted' }],
  };
}

/** A message id as Meta makes them: `wamid.` and base64. */
export function messageId(): string {
  return `wamid.${crypto.randomBytes(24).toString('base64')}`;
}

export interface StatusOfMessage {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipientId: string;
  phoneNumberId: string;
  callbackData: string | null;
  failure?: { code: number; details: string };
}

/** A `messages` webhook notification of one status, as Meta posts it. */
export function statusNotification(status: StatusOfMessage): string {
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '5511999990000', phone_number_id: status.phoneNumberId },
    statuses: [
      {
        id: status.id,
        status: status.status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: status.recipientId,
        ...(status.callbackData ? { biz_opaque_callback_data: status.callbackData } : {}),
        ...(status.failure
          ? {
              errors: [
                {
                  code: status.failure.code,
                  title: errorTitle(status.failure.code),
                  message: errorTitle(status.failure.code),
                  error_data: { details: status.failure.details },
                },
              ],
            }
          : {
              pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
            }),
      },
    ],
  };
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '100000000000001', changes: [{ value, field: 'messages' }] }],
  });
}
