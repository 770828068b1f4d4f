import { Type } from '@sinclair/typebox';
import { OrderStatusSchema, StringEnum } from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { simulateSandboxPix } from '../settlement';
import { ORDER_ID, params, type Api } from '../../../platform/http/schemas';
import { createSandboxCardToken, sandboxPaymentMethods } from '../payments/sandboxCards';

const CARD_TOKEN_BODY = Type.Object({
  cardNumber: Type.String({ maxLength: 25 }),
  cardholderName: Type.String({ minLength: 1, maxLength: 100 }),
  cardExpirationMonth: Type.String({ pattern: '^(0[1-9]|1[0-2])$' }),
  cardExpirationYear: Type.String({ pattern: '^\\d{2}(\\d{2})?$' }),
  securityCode: Type.String({ pattern: '^\\d{3,4}$' }),
  identificationType: Type.Optional(Type.Literal('CPF')),
  identificationNumber: Type.Optional(Type.String({ pattern: '^\\d{11}$' })),
});

const SettledReply = Type.Object({ orderId: Type.String(), status: OrderStatusSchema });

/**
 * The provider's side of things when there are no credentials (never in production): the
 * endpoints the SPA's stand-in calls (create a card token, look up the plans of a card's first
 * six digits), and the customer's bank for a Pix transfer (pay or refuse a pending Pix order,
 * settled as the provider's webhook would).
 */
export function sandboxRoutes(app: Api, { db, payments }: AppContext): void {
  app.post('/sandbox/card_tokens', { schema: { body: CARD_TOKEN_BODY } }, async (request) =>
    createSandboxCardToken(db, request.body),
  );

  app.get(
    '/sandbox/payment_methods',
    { schema: { querystring: Type.Object({ bin: Type.String({ pattern: '^\\d{6,8}$' }) }) } },
    async (request) => sandboxPaymentMethods(request.query.bin),
  );

  app.post(
    '/sandbox/pix/:orderId/:outcome',
    {
      schema: {
        params: params({ orderId: ORDER_ID, outcome: StringEnum(['pay', 'refuse'] as const) }),
        response: { 200: SettledReply },
      },
    },
    async (request) =>
      simulateSandboxPix(
        db,
        payments,
        request.params.orderId,
        request.params.outcome === 'pay' ? 'approved' : 'rejected',
      ),
  );
}
