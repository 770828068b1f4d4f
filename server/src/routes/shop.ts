import { CardPaymentReply, CardPaymentRequest, OrderPayload, OrderReply, ShopReply } from '../../../contract/wire';
import type { AppContext } from '../context';
import { cardCharger } from '../domain/cardCharges';
import { notFound } from '../domain/errors';
import { placeOrder } from '../domain/orders';
import { findValidCoupon, loadCatalogue } from '../domain/shop';
import { AGENT, HASH, params, type Api } from '../http/schemas';

/** The shop, orders and card payments. */
export function shopRoutes(app: Api, { db, config, payments, rateLimit }: AppContext): void {
  const cards = cardCharger(db, payments);

  app.get('/shop/:coupon/:agent', { schema: { params: params({ coupon: HASH, agent: AGENT }), response: { 200: ShopReply } } }, async (request) => {
    const coupon = await findValidCoupon(db, request.params.coupon);
    if (!coupon) throw notFound('coupon_not_found', 'Cupom inválido ou expirado.');
    const catalogue = await loadCatalogue(db);
    return {
      data: catalogue.map(({ mode: _mode, ...product }) => product),
      discount: coupon.discount,
      pix: config.pix,
    };
  });

  app.post(
    '/order/:coupon',
    {
      schema: { params: params({ coupon: HASH }), body: OrderPayload, response: { 200: OrderReply } },
      config: { auth: 'optional', rateLimit: rateLimit('order') },
    },
    async (request) => placeOrder(db, payments, request.params.coupon, request.body, request.identity),
  );

  app.post(
    '/process_payment_card',
    { schema: { body: CardPaymentRequest, response: { 200: CardPaymentReply } }, config: { auth: 'optional', rateLimit: rateLimit('process_payment_card') } },
    async (request) => cards.charge(request.body, request.identity?.uid ?? null),
  );
}
