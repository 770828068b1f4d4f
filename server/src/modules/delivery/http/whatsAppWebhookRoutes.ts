import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { OkReply } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { recordDeliveryStatus } from '../messageStatus';
import { forbidden, invalid, unauthenticated } from '../../../platform/errors';
import type { Api } from '../../../platform/http/schemas';
import { statusNotices, verifyNotificationBody, type WhatsAppStatus } from '../transports/whatsAppNotifications';

/**
 * What the delivery module does with a message's status (its figures: delivered, failed), and with the key it
 * echoes (a message still pending is marked sent by it).
 */
export type RecordDeliveryStatus = (
  providerId: string,
  status: WhatsAppStatus,
  reason?: string,
  key?: string,
) => Promise<unknown>;

/** Meta's notifications are small (a few statuses); a batch of many stays far below this. */
const NOTIFICATION_LIMIT_BYTES = 1024 * 1024;

const REFUSED_SIGNATURE = {
  missing: ['missing_signature', 'Notificação sem assinatura.'],
  invalid: ['invalid_signature', 'Assinatura da notificação inválida.'],
} as const;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * The WhatsApp Business Cloud API's webhook (docs/api.md#whatsapp-webhook), registered in a scope of its own: its
 * JSON bodies are kept as bytes, since the signature is over the body exactly as it arrived.
 */
export function whatsAppWebhookRoutes(
  app: Api,
  { config, db }: Pick<AppContext, 'config' | 'db'>,
  record: RecordDeliveryStatus = (providerId, status, reason, key) =>
    recordDeliveryStatus(db, providerId, status, reason, key),
): void {
  const { appSecret, verifyToken } = config.delivery.whatsAppWebhook;
  /** Meta's check of the callback URL, when it is set in the app's dashboard: our verify token, its challenge back. */
  app.get(
    '/webhooks/whatsapp',
    {
      schema: {
        querystring: Type.Object({
          'hub.mode': Type.Optional(Type.String({ maxLength: 64 })),
          'hub.verify_token': Type.Optional(Type.String({ maxLength: 512 })),
          'hub.challenge': Type.Optional(Type.String({ maxLength: 256 })),
        }),
      },
    },
    async (request, reply) => {
      const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = request.query;
      const verified =
        mode === 'subscribe' && verifyToken !== null && token !== undefined && sameSecret(token, verifyToken);
      if (!verified) throw forbidden('webhook_not_verified', 'Verificação do webhook recusada.');
      // Echoed as plain text, and only what a challenge is made of: nothing a browser could run.
      if (!challenge || !/^[\w.-]{1,256}$/.test(challenge)) throw invalid('invalid_challenge', 'Desafio inválido.');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: NOTIFICATION_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  /**
   * A notification of our messages' statuses (sent, delivered, read, failed), believed only with a valid
   * X-Hub-Signature-256; a refused one changes nothing. Meta sends a status again when not answered 200: recording
   * one twice changes nothing more.
   */
  app.post('/webhooks/whatsapp', { schema: { response: { 200: OkReply } } }, async (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : null;
    const verdict = verifyNotificationBody(
      appSecret,
      header(request.headers['x-hub-signature-256']),
      body ?? Buffer.alloc(0),
    );
    if (verdict !== 'valid') {
      request.log.warn({ verdict }, 'webhook refused');
      const [code, message] = REFUSED_SIGNATURE[verdict];
      throw unauthenticated(message, code);
    }
    if (!body) throw invalid('invalid_notification', 'A notificação deve ser JSON.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw invalid('invalid_notification', 'Notificação ilegível.');
    }
    for (const notice of statusNotices(parsed))
      await record(notice.providerId, notice.status, notice.reason, notice.key);
    return 'ok' as const;
  });
}
