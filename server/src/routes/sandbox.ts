import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context';
import type { Api } from '../http/schemas';
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

/**
 * The card provider's endpoints the SPA's stand-in calls when there are no credentials: create
 * a card token and look up the plans of a card's first six digits. Registered only then.
 */
export function sandboxRoutes(app: Api, { db }: AppContext): void {
  app.post('/sandbox/card_tokens', { schema: { body: CARD_TOKEN_BODY } }, async (request) => createSandboxCardToken(db, request.body));

  app.get(
    '/sandbox/payment_methods',
    { schema: { querystring: Type.Object({ bin: Type.String({ pattern: '^\\d{6,8}$' }) }) } },
    async (request) => sandboxPaymentMethods(request.query.bin),
  );
}
