import { COOKIE } from '../../../../../contract/cookieLists';
import {
  CardPaymentReply,
  CardPaymentRequest,
  OrderPayload,
  OrderReply,
  ShopReply,
  Transaction,
} from '../../../../../contract/wire';
import type { AppContext } from '../../../platform/context';
import { cardCharger } from '../cardCharges';
import { notFound } from '../../../platform/errors';
import { placeOrder } from '../orders';
import { orderForBuyer } from '../orderViews';
import { findValidCoupon, loadCatalogue } from '../shop';
import { AGENT, HASH, ORDER_ID, params, type Api } from '../../../platform/http/schemas';
import { readDecodedCookie } from '../../access';
import { recordCouponVisit } from '../../partners';

/** The shop, orders, an order's payment as its buyer follows it, and card payments. */
export function shopRoutes(app: Api, { db, config, payments, rateLimit }: AppContext): void {
  const cards = cardCharger(db, payments);

  app.get(
    '/shop/:coupon/:agent',
    { schema: { params: params({ coupon: HASH, agent: AGENT }), response: { 200: ShopReply } } },
    async (request) => {
      const coupon = await findValidCoupon(db, request.params.coupon);
      if (!coupon) throw notFound('coupon_not_found', 'Cupom inválido ou expirado.');
      // A partner's coupon counts its visitors (docs/product.md#deals): only an agent this server
      // signed before is someone, so a client making up agents adds no visit.
      if (coupon.contract_id !== null && request.visitorAgent && !request.visitorIssued)
        await recordCouponVisit(db, coupon.code, request.visitorAgent);
      const catalogue = await loadCatalogue(db);
      return {
        data: catalogue.map(({ mode: _mode, ...product }) => product),
        discount: coupon.discount,
        pix: config.pix,
      };
    },
  );

  app.post(
    '/order/:coupon',
    {
      schema: { params: params({ coupon: HASH }), body: OrderPayload, response: { 200: OrderReply } },
      config: { auth: 'optional', rateLimit: rateLimit('order') },
    },
    async (request) => placeOrder(db, payments, request.params.coupon, request.body, request.identity),
  );

  // The checkout and the account follow a waiting order with this until it is paid or refused:
  // its account's token, or, before it is tied to one, the claim cookie of the browser that placed it.
  app.get(
    '/orders/:orderId',
    {
      schema: { params: params({ orderId: ORDER_ID }), response: { 200: Transaction } },
      config: { auth: 'optional', rateLimit: rateLimit('orderStatus') },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return orderForBuyer(db, request.params.orderId, {
        uid: request.identity?.uid ?? null,
        claim: readDecodedCookie(request, COOKIE.transactionClaim) ?? null,
      });
    },
  );

  app.post(
    '/process_payment_card',
    {
      schema: { body: CardPaymentRequest, response: { 200: CardPaymentReply } },
      config: { auth: 'optional', rateLimit: rateLimit('process_payment_card') },
    },
    async (request) => cards.charge(request.body, request.identity?.uid ?? null),
  );
}
