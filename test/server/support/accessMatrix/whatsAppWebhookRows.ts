import { signNotificationBody } from '../../../../server/src/modules/delivery/transports/whatsAppNotifications';
import { anyone, ok } from './callers';
import { next, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } from './world';
import type { Row } from './callers';

/** A status notification as Meta posts it, of a message no server sent: believed, and nothing to record. */
function statusBody(): string {
  const status = {
    id: `wamid.matriz${next()}`,
    status: 'delivered',
    timestamp: '1764400000',
    recipient_id: '5511987654321',
  };
  const value = { messaging_product: 'whatsapp', metadata: { phone_number_id: '100' }, statuses: [status] };
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ value, field: 'messages' }] }],
  });
}

/** The access matrix's rows for the WhatsApp Cloud API's webhook: Meta's secrets decide, never a token or a key. */
export const WHATSAPP_WEBHOOK_ROWS: Row[] = [
  {
    route: 'GET /api/webhooks/whatsapp',
    label: "Meta's verification, with the verify token",
    request: () => ({
      method: 'GET',
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${WHATSAPP_VERIFY_TOKEN}&hub.challenge=11582`,
    }),
    expected: anyone(ok('11582')),
  },
  {
    route: 'GET /api/webhooks/whatsapp',
    label: 'another verify token',
    request: () => ({
      method: 'GET',
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=adivinhado&hub.challenge=1158201444',
    }),
    expected: anyone(403),
  },
  {
    route: 'POST /api/webhooks/whatsapp',
    label: 'unsigned',
    request: () => ({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json' },
      payload: statusBody(),
    }),
    expected: anyone(401),
  },
  {
    route: 'POST /api/webhooks/whatsapp',
    label: 'signed by Meta',
    request: () => {
      const body = statusBody();
      return {
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signNotificationBody(WHATSAPP_APP_SECRET, body),
        },
        payload: body,
      };
    },
    expected: anyone(ok('ok')),
  },
];
