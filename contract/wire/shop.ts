/** Wire contract: The shop, orders and payments (card and Pix). */
import { type Static, Type } from '@sinclair/typebox';
import { OrderStatusSchema } from './account';
import { ClaimSecret, Cpf, Email, Filled, Money, OrderId, StringEnum, Text } from './primitives';

export const ShopAccessory = Type.Object({
  id: Type.String(),
  name: Type.String(),
  image: Type.String(),
  price: Type.Number(),
});
export type ShopAccessory = Static<typeof ShopAccessory>;

export const ShopProduct = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** 'service' products are priced by the hour. */
  type: Type.String(),
  image: Type.String(),
  price: Type.Number(),
  pricePerHour: Type.Number(),
  minHours: Type.Number(),
  maxHours: Type.Number(),
  maxQty: Type.Number(),
  accessories: Type.Array(ShopAccessory),
  descTitle1: Type.String(),
  descTitle2: Type.String(),
  descTitle3: Type.String(),
  descText1: Type.String(),
  descText2: Type.String(),
  descText3: Type.String(),
  descPic1: Type.String(),
  descPic2: Type.String(),
  descPic3: Type.String(),
  disclaimer: Type.String(),
});
export type ShopProduct = Static<typeof ShopProduct>;

/** Where a Pix transfer goes (the server's configuration). */
const PixReceiver = Type.Object({ key: Type.String(), merchantName: Type.String(), merchantCity: Type.String() });

/** `GET /shop/{coupon}/{agent}`: discount is a fraction (0.1 = 10 %). */
export const ShopReply = Type.Object({
  data: Type.Array(ShopProduct),
  discount: Type.Number(),
  /** Beyond the spec's fields: the Pix receiver, so the SPA can show the BR Code. */
  pix: Type.Optional(PixReceiver),
});
export type ShopReply = Static<typeof ShopReply>;

export const PaymentMethodSchema = StringEnum(['card', 'pix'] as const);
export type PaymentMethod = Static<typeof PaymentMethodSchema>;

/**
 * One product as ordered: what the customer chose (product, hours, quantity, accessories by name),
 * and nothing else the server reads: it prices the line itself from its catalogue.
 */
export const OrderLine = Type.Object({
  id: Type.String({ maxLength: 64 }),
  /** The hours of a service, between its minimum and maximum. */
  hours: Type.Optional(Type.Integer({ minimum: 0, maximum: 48 })),
  quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
  selectedAccessories: Type.Optional(Type.Array(Type.Object({ name: Text(200) }), { maxItems: 50 })),
});
export type OrderLine = Static<typeof OrderLine>;

/** `POST /order/{coupon}` body. */
export const OrderPayload = Type.Object({
  products: Type.Array(OrderLine, { minItems: 1, maxItems: 50 }),
  /**
   * What the SPA showed. docs/product.md#entities names it among the order's fields, so it is still sent,
   * but the server ignores it: its own total is the one charged.
   */
  total: Type.Optional(Money),
  clientName: Filled(200),
  eventName: Filled(200),
  eventDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' }),
  eventTime: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }),
  paymentMethod: PaymentMethodSchema,
  email: Email,
  cpf: Cpf,
  orderId: OrderId,
  /** Beyond the spec: the order's claim secret (see ClaimSecret); a retry sends the same one. */
  claim: ClaimSecret,
});
export type OrderPayload = Static<typeof OrderPayload>;

/**
 * `POST /order/{coupon}`: the order as the server priced it. `amount` is the discounted total the
 * customer pays (the only figure a card charge may carry); a Pix order carries the code to pay
 * (the provider's `qr_code`, or the local BR Code without credentials).
 */
export const OrderReply = Type.Object({
  orderId: Type.String(),
  status: OrderStatusSchema,
  amount: Type.Number(),
  pixCode: Type.Optional(Type.String()),
});
export type OrderReply = Static<typeof OrderReply>;

/** `GET /team_orders` (team only): every order, newest first, to confirm Pix transfers by hand. */
export const TeamOrder = Type.Object({
  orderId: Type.String(),
  eventName: Type.String(),
  clientName: Type.String(),
  email: Type.String(),
  coupon: Type.String(),
  paymentMethod: StringEnum(['card', 'pix'] as const),
  amount: Type.Number(),
  status: OrderStatusSchema,
  createdAt: Type.String(),
});
export type TeamOrder = Static<typeof TeamOrder>;

/** `POST /team_orders/{orderId}` (team only): the team saw the Pix transfer arrive, or not. */
export const SettleOrderRequest = Type.Object(
  { status: StringEnum(['approved', 'rejected'] as const) },
  { additionalProperties: false },
);
export type SettleOrderRequest = Static<typeof SettleOrderRequest>;

/** `POST /process_payment_card` body (docs/payments.md#the-calls); description and descriptor name the product. */
export const CardPaymentRequest = Type.Object({
  transaction_amount: Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000 }),
  token: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Text(200)),
  installments: Type.Integer({ minimum: 1, maximum: 24 }),
  payment_method_id: Type.String({ pattern: '^[a-z0-9_-]{1,40}$' }),
  email: Email,
  type: Type.Optional(StringEnum(['CPF'] as const)),
  number: Cpf,
  statement_descriptor: Type.Optional(Text(200)),
  /**
   * Beyond the spec: the server-priced order this charge pays (placed first, docs/payments.md#the-order-comes-first).
   */
  orderId: OrderId,
  /** Beyond the spec: the order's claim secret; without it, only the order's account (its token) may pay it. */
  claim: Type.Optional(ClaimSecret),
});
export type CardPaymentRequest = Static<typeof CardPaymentRequest>;

export const CardPaymentReply = Type.Object({ id: Type.String(), status: Type.String(), status_detail: Type.String() });
export type CardPaymentReply = Static<typeof CardPaymentReply>;
