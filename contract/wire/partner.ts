/** Wire contract: Partners: contracts, coupons, deals and invitations. */
import { type Static, Type } from '@sinclair/typebox';
import { INVITATION_HASH_SOURCE } from '../invitationHash';
import { Identifier, PartnerName, Text } from './primitives';

/** `GET /contracts/{partner}` */
export const Contract = Type.Object({
  title: Type.String(),
  description: Type.String(),
  /** The last coupon launched under this contract. */
  last: Type.String(),
  discount: Type.Number(),
  kit: Type.String(),
});
export type Contract = Static<typeof Contract>;

/** `POST /launch_coupon` body; discount and kit are informative, the contract's own are used. */
export const LaunchCouponRequest = Type.Object({
  partner: Identifier,
  contractTitle: Type.String({ minLength: 1, maxLength: 200 }),
  lastCoupon: Identifier,
  discount: Type.Optional(Type.Number()),
  kit: Type.Optional(Text(500)),
});
export type LaunchCouponRequest = Static<typeof LaunchCouponRequest>;

export const LaunchCouponReply = Type.Literal('success');

/** `GET /deals/{partner}` */
export const Deal = Type.Object({
  eventName: Type.String(),
  clientName: Type.String(),
  eventDate: Type.String(),
  eventTime: Type.String(),
  products: Type.Array(
    Type.Object({
      name: Type.String(),
      hours: Type.Number(),
      accessories: Type.Array(Type.Object({ name: Type.String() })),
      quantity: Type.Number(),
    }),
  ),
  total: Type.Number(),
  /** Commission, in percent. */
  rate: Type.Number(),
  /** Discount, as a fraction. */
  discount: Type.Number(),
  status: Type.String(),
});
export type Deal = Static<typeof Deal>;

/** One month of a partner's coupon (`GET /deals/{partner}/coupons`), months as Brazil reads them. */
export const CouponMonth = Type.Object({
  /** `YYYY-MM` */
  month: Type.String(),
  /** Visitors who opened the shop with the coupon, each once a day. */
  visits: Type.Integer(),
  /** Orders placed with it, whatever their payment. */
  orders: Type.Integer(),
  /** Of those, the ones paid (and not refunded or charged back). */
  paidOrders: Type.Integer(),
  /** The partner's balance on the paid ones, in reais (`contract/pricing.ts` dealBalance). */
  commission: Type.Number(),
});
export type CouponMonth = Static<typeof CouponMonth>;

/** `GET /deals/{partner}/coupons`: each coupon that was opened or ordered with, its months newest first. */
export const CouponReport = Type.Object({
  coupon: Type.String(),
  contractTitle: Type.String(),
  months: Type.Array(CouponMonth),
});
export type CouponReport = Static<typeof CouponReport>;

/** `POST /create_contract` body: rate and discount in percent. */
export const ContractPayload = Type.Object(
  {
    partner: PartnerName,
    duration: Type.Integer({ minimum: 1, maximum: 3650 }),
    rate: Type.Number({ minimum: 0, maximum: 100 }),
    discount: Type.Number({ minimum: 0, maximum: 99 }),
    kit: Type.String({ minLength: 1, maxLength: 500 }),
    n_coupons: Type.Integer({ minimum: 1, maximum: 10_000 }),
  },
  { additionalProperties: false },
);
export type ContractPayload = Static<typeof ContractPayload>;

/** `POST /authorize_hash` and `POST /authorize_partner` body. */
export const InvitationPayload = Type.Object(
  { partnerName: PartnerName, hash: Type.String({ pattern: INVITATION_HASH_SOURCE }) },
  { additionalProperties: false },
);
export type InvitationPayload = Static<typeof InvitationPayload>;
