import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CardPaymentRequest, OrderPayload } from '../../../src/api/wire';
import { findValidCoupon, loadCatalogue } from '../domain/shop';
import { placeOrder } from '../domain/orders';
import { notFound } from '../http/errors';
import { AGENT, HASH, params } from '../http/schemas';
import type { AppContext } from './context';

const MONEY = { type: 'number', minimum: 0, maximum: 10_000_000 } as const;
const CPF = { type: 'string', pattern: '^[0-9]{11}$' } as const;
const EMAIL = { type: 'string', maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' } as const;

const ORDER_LINE = {
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    name: { type: 'string', maxLength: 200 },
    type: { type: 'string', maxLength: 40 },
    hours: { type: 'integer', minimum: 0, maximum: 48 },
    quantity: { type: 'integer', minimum: 1, maximum: 1000 },
    selectedAccessories: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        properties: { name: { type: 'string', maxLength: 200 }, price: MONEY },
        required: ['name'],
      },
    },
    unitPrice: MONEY,
    totalPrice: MONEY,
  },
  required: ['id', 'quantity'],
} as const;

const ORDER_BODY = {
  type: 'object',
  properties: {
    products: { type: 'array', minItems: 1, maxItems: 50, items: ORDER_LINE },
    total: MONEY,
    clientName: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    eventName: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    eventDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' },
    eventTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    paymentMethod: { type: 'string', enum: ['card', 'pix'] },
    email: EMAIL,
    cpf: CPF,
    orderId: { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$' },
  },
  required: ['products', 'clientName', 'eventName', 'eventDate', 'eventTime', 'paymentMethod', 'email', 'cpf', 'orderId'],
} as const;

const CARD_BODY = {
  type: 'object',
  properties: {
    transaction_amount: { type: 'number', exclusiveMinimum: 0, maximum: 10_000_000 },
    token: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', maxLength: 200 },
    installments: { type: 'integer', minimum: 1, maximum: 24 },
    payment_method_id: { type: 'string', pattern: '^[a-z0-9_-]{1,40}$' },
    email: EMAIL,
    type: { type: 'string', enum: ['CPF'] },
    number: CPF,
    statement_descriptor: { type: 'string', maxLength: 200 },
  },
  required: ['transaction_amount', 'token', 'installments', 'payment_method_id', 'email', 'number'],
} as const;

/** The shop, orders and card payments. */
export function shopRoutes(app: FastifyInstance, { db, config, payments }: AppContext): void {
  app.get<{ Params: { coupon: string; agent: string } }>(
    '/shop/:coupon/:agent',
    { schema: { params: params({ coupon: HASH, agent: AGENT }) } },
    async (request) => {
      const coupon = await findValidCoupon(db, request.params.coupon);
      if (!coupon) throw notFound('coupon_not_found', 'Cupom inválido ou expirado.');
      const catalogue = await loadCatalogue(db);
      return {
        data: catalogue.map(({ mode: _mode, ...product }) => product),
        discount: coupon.discount,
        pix: config.pix,
      };
    },
  );

  app.post<{ Params: { coupon: string }; Body: OrderPayload }>(
    '/order/:coupon',
    { schema: { params: params({ coupon: HASH }), body: ORDER_BODY }, config: { auth: 'optional' } },
    async (request) => placeOrder(db, config, request.params.coupon, request.body, request.identity),
  );

  app.post<{ Body: CardPaymentRequest }>(
    '/process_payment_card',
    { schema: { body: CARD_BODY }, config: { auth: 'optional' } },
    async (request) => {
      const body = request.body;
      // The token is single-use: it keys the charge, so a retried request never charges twice.
      // Retries arriving together (a double tap) take turns on the key; the later ones find the
      // first one's payment, whichever provider stands behind.
      const idempotencyKey = crypto.createHash('sha256').update(body.token).digest('hex');
      return db.transaction(async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [idempotencyKey]);
        const known = await client.query<{ id: string; status: string; status_detail: string }>(
          'SELECT id, status, status_detail FROM payments WHERE idempotency_key = $1',
          [idempotencyKey],
        );
        if (known.rows[0]) return { id: known.rows[0].id, status: known.rows[0].status, status_detail: known.rows[0].status_detail };
        const result = await payments.charge({
          amount: body.transaction_amount,
          token: body.token,
          description: body.description ?? '',
          installments: body.installments,
          paymentMethodId: body.payment_method_id,
          email: body.email,
          cpf: body.number,
          statementDescriptor: body.statement_descriptor ?? '',
          idempotencyKey,
        }, client);
        await client.query(
          `INSERT INTO payments (id, idempotency_key, amount, status, status_detail, payment_method_id, installments, email)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [result.id, idempotencyKey, body.transaction_amount, result.status, result.statusDetail, body.payment_method_id, body.installments, body.email],
        );
        return { id: result.id, status: result.status, status_detail: result.statusDetail };
      });
    },
  );
}
