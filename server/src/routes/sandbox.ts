import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { detectIssuer, luhnValid, onlyDigits } from '../../../src/lib/card';
import { badRequest } from '../http/errors';
import type { AppContext } from './context';

/** Installment plans of the sandbox: free up to 3, then a growing rate (percent). */
export const SANDBOX_PAYER_COSTS = [1, 2, 3, 4, 5, 6, 10, 12].map((installments) => ({
  installments,
  installment_rate: installments <= 3 ? 0 : Number((1.99 * (installments - 3)).toFixed(2)),
}));

/**
 * The card provider's endpoints the SPA's stand-in calls when there are no credentials: create
 * a card token and look up the plans of a card's first six digits. Registered only then.
 */
export function sandboxRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.post<{
    Body: {
      cardNumber: string;
      cardholderName: string;
      cardExpirationMonth: string;
      cardExpirationYear: string;
      securityCode: string;
      identificationType?: string;
      identificationNumber?: string;
    };
  }>(
    '/sandbox/card_tokens',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            cardNumber: { type: 'string', maxLength: 25 },
            cardholderName: { type: 'string', minLength: 1, maxLength: 100 },
            cardExpirationMonth: { type: 'string', pattern: '^(0[1-9]|1[0-2])$' },
            cardExpirationYear: { type: 'string', pattern: '^\\d{2}(\\d{2})?$' },
            securityCode: { type: 'string', pattern: '^\\d{3,4}$' },
            identificationType: { type: 'string', enum: ['CPF'] },
            identificationNumber: { type: 'string', pattern: '^\\d{11}$' },
          },
          required: ['cardNumber', 'cardholderName', 'cardExpirationMonth', 'cardExpirationYear', 'securityCode'],
        },
      },
    },
    async (request) => {
      const body = request.body;
      const number = onlyDigits(body.cardNumber);
      if (!luhnValid(number)) throw badRequest('invalid_card_number', 'Número do cartão inválido.');
      const year = Number(body.cardExpirationYear.length === 2 ? `20${body.cardExpirationYear}` : body.cardExpirationYear);
      const month = Number(body.cardExpirationMonth);
      const now = new Date();
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
        throw badRequest('card_expired', 'Cartão vencido.');
      }
      const id = crypto.randomBytes(16).toString('hex');
      await db.query('INSERT INTO sandbox_card_tokens (id, holder_name, last_four, first_six) VALUES ($1, $2, $3, $4)', [
        id,
        body.cardholderName,
        number.slice(-4),
        number.slice(0, 6),
      ]);
      return { id, first_six_digits: number.slice(0, 6), last_four_digits: number.slice(-4) };
    },
  );

  app.get<{ Querystring: { bin: string } }>(
    '/sandbox/payment_methods',
    { schema: { querystring: { type: 'object', properties: { bin: { type: 'string', pattern: '^\\d{6,8}$' } }, required: ['bin'] } } },
    async (request) => {
      const issuer = detectIssuer(request.query.bin);
      if (issuer === 'unknown') return { results: [] };
      return { results: [{ id: issuer, payment_type_id: 'credit_card', payer_costs: SANDBOX_PAYER_COSTS }] };
    },
  );
}
