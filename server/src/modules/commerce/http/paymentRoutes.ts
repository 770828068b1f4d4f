import { Type } from '@sinclair/typebox';
import { OkReply, SettleOrderRequest, TeamOrder } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { unauthenticated } from '../../../platform/errors';
import { settleOrderByTeam, teamOrders } from '../orderViews';
import { settleNotifiedLegacyPayment, settleNotifiedPayment } from '../settlement';
import { ORDER_ID, params, type Api } from '../../../platform/http/schemas';
import { verifyNotification } from '../payments/webhookSignature';

const REFUSED_SIGNATURE = {
  missing: ['missing_signature', 'Notificação sem assinatura.'],
  invalid: ['invalid_signature', 'Assinatura da notificação inválida.'],
  stale: ['stale_signature', 'Notificação fora do prazo.'],
} as const;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The provider's webhook, and the team's view of the orders (Pix settled by hand). */
export function paymentRoutes(app: Api, { db, config, payments }: AppContext): void {
  /**
   * Mercado Pago's notification that an order changed (topic `order`). Believed only with a valid,
   * fresh `x-signature`; even then its body is not: the order is asked of the provider and ours
   * settled. Replays change nothing more. Topic `payment` still settles the Payments API payments
   * made before the Orders API (settlement.settleNotifiedLegacyPayment).
   */
  app.post(
    '/webhooks/mercadopago',
    {
      schema: {
        querystring: Type.Object({
          'data.id': Type.Optional(Type.String({ maxLength: 200 })),
          type: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: OkReply },
      },
    },
    async (request) => {
      const dataId = request.query['data.id'];
      const verdict = verifyNotification(config.mercadoPagoWebhookSecret, {
        signature: header(request.headers['x-signature']),
        requestId: header(request.headers['x-request-id']),
        dataId,
      });
      if (verdict !== 'valid') {
        request.log.warn({ verdict, requestId: request.headers['x-request-id'] }, 'webhook refused');
        const [code, message] = REFUSED_SIGNATURE[verdict];
        throw unauthenticated(message, code);
      }
      const body = request.body as { type?: unknown } | null;
      const type = request.query.type ?? (typeof body?.type === 'string' ? body.type : '');
      // Other topics (merchant orders, ...) are none of ours; an id is letters and digits.
      if (!dataId || !/^[0-9A-Za-z_-]{1,64}$/.test(dataId)) return 'ok' as const;
      if (type === 'order') await settleNotifiedPayment(db, payments, dataId);
      else if (type === 'payment') await settleNotifiedLegacyPayment(db, payments, dataId);
      return 'ok' as const;
    },
  );

  app.get(
    '/team_orders',
    { schema: { response: { 200: Type.Array(TeamOrder) } }, config: { auth: 'team' } },
    async () => teamOrders(db),
  );

  app.post(
    '/team_orders/:orderId',
    {
      schema: { params: params({ orderId: ORDER_ID }), body: SettleOrderRequest, response: { 200: TeamOrder } },
      config: { auth: 'team' },
    },
    async (request) => settleOrderByTeam(db, request.params.orderId, request.body.status),
  );
}
