/**
 * The wire contract (SPEC section 7, ARCHITECTURE section 3), written once: each shape is a
 * TypeBox schema and its type is derived from it. The server validates requests and serialises
 * replies with the schemas (through Fastify's type provider, so a route that disagrees with its
 * shape does not compile); the SPA imports the types only (`import type`), so the schema library
 * never reaches a phone (.dependency-cruiser.cjs, rule wire-types-only-in-the-spa).
 */
import { Type, type Static } from '@sinclair/typebox';
import { BOOTH_MODES, MEDIA_MODES } from './modes';
import { INVITATION_HASH_SOURCE } from './invitationHash';
import { IDENTIFIER_SOURCE } from './names';
import { ORDER_ID_SOURCE } from './protocol';

/** A string of one of `values`: `{ type: 'string', enum }` on the wire, a union of literals in TypeScript. */
export function StringEnum<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}

const Text = (maxLength: number) => Type.String({ maxLength });
/** Text that must hold something besides spaces. */
const Filled = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Money = Type.Number({ minimum: 0, maximum: 10_000_000 });
const Cpf = Type.String({ pattern: '^[0-9]{11}$' });
const Email = Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
const Identifier = Type.String({ pattern: IDENTIFIER_SOURCE });
const OrderId = Type.String({ pattern: ORDER_ID_SOURCE });
const PartnerName = Type.String({ pattern: '^[A-Za-z0-9_-]{3,64}$' });
const Strings = Type.Array(Type.String());

export const BoothModeSchema = StringEnum(BOOTH_MODES);
export const MediaModeSchema = StringEnum(MEDIA_MODES);

/** Every error reply: a 4xx status with this body. */
export const ApiErrorBody = Type.Object({ error: Type.String(), message: Type.String() });
export type ApiErrorBody = Static<typeof ApiErrorBody>;

/** `POST /landingForm`: nome and evento are required (SPEC section 5). */
export const ContactLead = Type.Object(
  {
    data: Type.Optional(Text(40)),
    indicacao: Type.Optional(Text(40)),
    evento: Type.String({ maxLength: 200, pattern: '\\S' }),
    email: Type.Optional(Text(254)),
    instagram: Type.Optional(Text(100)),
    tiktok: Type.Optional(Text(100)),
    telefone: Type.Optional(Text(40)),
    nome: Type.String({ maxLength: 200, pattern: '\\S' }),
    comentarios: Type.Optional(Text(5000)),
    /** Beyond the spec's fields: the SPA's id of this lead, so that a retried post is stored once. */
    clientId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })),
  },
  { additionalProperties: false },
);
export type ContactLead = Static<typeof ContactLead>;

/** `GET /leads` (team only): a received contact lead, every field present. */
export const StoredLead = Type.Object({
  id: Type.Number(),
  createdAt: Type.String(),
  data: Type.String(),
  indicacao: Type.String(),
  evento: Type.String(),
  email: Type.String(),
  instagram: Type.String(),
  tiktok: Type.String(),
  telefone: Type.String(),
  nome: Type.String(),
  comentarios: Type.String(),
});
export type StoredLead = Static<typeof StoredLead>;

/**
 * The settings of one environment, which the server writes into every page it serves (one build
 * runs anywhere): where the API is, the identity service, the card provider's public key.
 */
export const RuntimeConfig = Type.Object({
  /** The API's base URL; empty: `/api` on the page's own origin. */
  apiBase: Type.String(),
  firebase: Type.Object({
    apiKey: Type.String(),
    authDomain: Type.String(),
    projectId: Type.String(),
    /** The Auth emulator's URL (development and tests); empty in production. */
    authEmulatorUrl: Type.String(),
  }),
  mercadoPagoPublicKey: Type.String(),
});
export type RuntimeConfig = Static<typeof RuntimeConfig>;

/** `GET /evento/{id}` */
export const EventDetails = Type.Object({
  devices: Strings,
  bname: Type.String(),
  /** What people read ('Festa da Ana'); bname when the event has no title. */
  displayTitle: Type.Optional(Type.String()),
});
export type EventDetails = Static<typeof EventDetails>;

/** `GET /all/{bname}/{type}`, `GET /deviceLast/{bname}/{device}`, ready 360 result. */
export const ProductList = Type.Object({ product: Strings });
export type ProductList = Static<typeof ProductList>;

/**
 * Who sees an event's media. public: listed, and every gallery and file open to anyone.
 * link: each media file opens for whoever has its link (its name is random, unguessable); the
 * event's galleries, its card and its booths' last photos need a login. private: all of it needs
 * a login. One rule for `/all`, `/deviceLast`, `/ultraLast`, `/eventos`, `/media` and `/thumbs`.
 */
const EVENT_VISIBILITIES = ['public', 'link', 'private'] as const;
export const EventVisibilitySchema = StringEnum(EVENT_VISIBILITIES);
export type EventVisibility = Static<typeof EventVisibilitySchema>;

/** One card of `GET /eventos/{events}/{agent}`. */
export const EventCard = Type.Object({
  /** The event's name (its key; SPEC's `title`). */
  title: Type.String(),
  /** What people read ('Festa da Ana'); the name when the event has no title. */
  displayTitle: Type.Optional(Type.String()),
  visible: Type.Boolean(),
  /** Who sees it: `visible` is true for 'public' only, as SPEC's card says. */
  visibility: Type.Optional(EventVisibilitySchema),
  profile: Type.String(),
  cover: Type.String(),
  photos: Type.Integer(),
  devices: Strings,
});
export type EventCard = Static<typeof EventCard>;

/** `GET /validatePacks/{hashes}`: one single-quoted object literal per known pack. */
export const PackLiterals = Strings;

/** `GET /print/{packHash}/{printId}` on success. */
export const PrintReply = Type.Object({ status: Type.Literal('queued'), copies: Type.Integer() });
export type PrintReply = Static<typeof PrintReply>;

/** Where a print job stands, as its printer reports it. */
const PrintJobStatusSchema = StringEnum(['queued', 'printing', 'printed'] as const);
export type PrintJobStatus = Static<typeof PrintJobStatusSchema>;

/** `GET /printStatus/{packHash}/{requestId}` (beyond the spec): the job of one print request and its pack's copies left. */
export const PrintStatusReply = Type.Object({ status: PrintJobStatusSchema, copies: Type.Integer() });
export type PrintStatusReply = Static<typeof PrintStatusReply>;

export const AccountListSchema = StringEnum(['packs', 'collection'] as const);
export type AccountList = Static<typeof AccountListSchema>;

/** The account JSON sent to `createAccount`. */
export const NewAccount = Type.Object({
  email: Type.String(),
  agent: Type.String(),
  displayName: Type.String(),
  photoURL: Type.String(),
  phone: Type.String(),
  tiktok: Type.String(),
  instagram: Type.String(),
  transactions: Strings,
});
export type NewAccount = Static<typeof NewAccount>;

/** `GET /account`; the server also sends the account's collection and packs lists. */
export const Account = Type.Composite([
  NewAccount,
  Type.Object({
    partner: Type.String(),
    events: Strings,
    collection: Type.Optional(Strings),
    packs: Type.Optional(Strings),
  }),
]);
export type Account = Static<typeof Account>;

/** The lists a visitor keeps in cookies, merged into an account (`GET /updateAccount`). */
export const VisitorLists = Type.Object({ collection: Strings, packs: Strings, events: Strings });
export type VisitorLists = Static<typeof VisitorLists>;

export const CreateAccountReply = StringEnum(['ok', 'already_exists'] as const);
export type CreateAccountReply = Static<typeof CreateAccountReply>;
export const NameCheckReply = StringEnum(['yes', 'no', 'other'] as const);
export type NameCheckReply = Static<typeof NameCheckReply>;
export const PartnerNameReply = StringEnum(['taken', 'wrong', 'owned', 'available'] as const);
export type PartnerNameReply = Static<typeof PartnerNameReply>;
export const TeamReply = StringEnum(['ok', 'no'] as const);
export type TeamReply = Static<typeof TeamReply>;
/** The plain `ok` of the calls that answer nothing else. */
export const OkReply = Type.Literal('ok');

/**
 * A random secret the buyer's browser makes for each order and keeps with the transaction cookie;
 * the server keeps only its hash. Claiming an anonymous order needs it, not just the order number.
 */
const ClaimSecret = Type.String({ pattern: '^[A-Za-z0-9_-]{22,64}$' });

/** `POST /set_transaction` body; beyond the spec's field, the order's claim secret. */
export const SetTransactionRequest = Type.Object({ transaction: OrderId, claim: ClaimSecret }, { additionalProperties: false });
export type SetTransactionRequest = Static<typeof SetTransactionRequest>;

/** `PUT /events/{bname}/visibility`: the event owner's (or the team's) choice. */
export const VisibilityChange = Type.Object({ visibility: EventVisibilitySchema }, { additionalProperties: false });
export type VisibilityChange = Static<typeof VisibilityChange>;
export const VisibilityReply = Type.Object({ bname: Type.String(), visibility: EventVisibilitySchema });
export type VisibilityReply = Static<typeof VisibilityReply>;

/** `POST /media-session`: until when the media cookie lets private media through (epoch ms). */
export const MediaSessionReply = Type.Object({ expiresAt: Type.Integer() });
export type MediaSessionReply = Static<typeof MediaSessionReply>;

/** `GET /load_events` */
export const OwnEvent = Type.Object({
  /** The paid order this event comes from (create_event takes it). */
  orderId: Type.String(),
  eventName: Type.String(),
  /** 1 once the event has been created. */
  eventCreated: Type.Integer(),
  /** Beyond the spec: the created event's name and who sees its media (absent before it is created). */
  createdName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  visibility: Type.Optional(EventVisibilitySchema),
  products: Type.Array(Type.Object({ name: Type.String(), hours: Type.Number(), accessories: Type.Array(Type.Object({ name: Type.String() })) })),
});
export type OwnEvent = Static<typeof OwnEvent>;

/** Where an order's payment stands: waiting (card in review, Pix not yet received), paid or refused. */
export const OrderStatusSchema = StringEnum(['pending', 'approved', 'rejected'] as const);
export type OrderStatus = Static<typeof OrderStatusSchema>;

/** `GET /load_transactions` */
export const Transaction = Type.Object({
  orderId: Type.String(),
  eventName: Type.String(),
  status: OrderStatusSchema,
  /** Beyond the spec: how it is paid, the amount, and for a Pix order still waiting its copy-and-paste code. */
  paymentMethod: Type.Optional(StringEnum(['card', 'pix'] as const)),
  amount: Type.Optional(Type.Number()),
  pixCode: Type.Optional(Type.String()),
  createdAt: Type.Optional(Type.String()),
});
export type Transaction = Static<typeof Transaction>;

/** Mirror (espelho) catalogue entries. */
export const MirrorMode = Type.Object({
  title: Type.String(),
  description: Type.String(),
  icon: Type.String(),
  background: Type.String(),
});
export type MirrorMode = Static<typeof MirrorMode>;

export const MirrorPrompt = Type.Object({ title: Type.String(), icon: Type.String(), background: Type.String() });
export type MirrorPrompt = Static<typeof MirrorPrompt>;

export const MirrorReply = StringEnum(['start_ok', 'mode_ok', 'prompt_ok', 'restart_ok'] as const);
export type MirrorReply = Static<typeof MirrorReply>;

/** `get_last_image/0`: `no_image` while the mirror works, then the image's URL. */
export const MirrorImageReply = Type.String();

/** `GET /ultraLast/{device}/{bname}`: still recording or processing, or the video. */
export const UltraLastReply = Type.Union([Type.Literal('in_session'), ProductList]);
export type UltraLastReply = Static<typeof UltraLastReply>;

export const UltraStartReply = Type.Literal('success');

/**
 * `GET /ultraStartConfig/...?agent=` (beyond the spec): the visitor who configures the session, so
 * the finished video joins their collection (`agentResults`) and nobody else can take it over.
 */
export const UltraStartQuery = Type.Object({ agent: Type.Optional(Identifier) }, { additionalProperties: false });
export type UltraStartQuery = Static<typeof UltraStartQuery>;

/** `GET /agentResults/{agent}` (beyond the spec): what the mirror and the 360 made for the visitor, oldest first. */
export const AgentResultsReply = ProductList;
export type AgentResultsReply = Static<typeof AgentResultsReply>;

export const ShopAccessory = Type.Object({ id: Type.String(), name: Type.String(), image: Type.String(), price: Type.Number() });
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
   * What the SPA showed. SPEC section 3 names it among the order's fields, so it is still sent,
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
export const SettleOrderRequest = Type.Object({ status: StringEnum(['approved', 'rejected'] as const) }, { additionalProperties: false });
export type SettleOrderRequest = Static<typeof SettleOrderRequest>;

/** `POST /process_payment_card` body (SPEC section 7); description and descriptor name the product. */
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
  /** Beyond the spec: the server-priced order this charge pays (placed first, ARCHITECTURE section 4). */
  orderId: OrderId,
});
export type CardPaymentRequest = Static<typeof CardPaymentRequest>;

export const CardPaymentReply = Type.Object({ id: Type.String(), status: Type.String(), status_detail: Type.String() });
export type CardPaymentReply = Static<typeof CardPaymentReply>;

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

export const MessageReply = Type.Object({ message: Type.String() });
export type MessageReply = Static<typeof MessageReply>;

/** `POST /authorize_hash` and `POST /authorize_partner` body. */
export const InvitationPayload = Type.Object(
  { partnerName: PartnerName, hash: Type.String({ pattern: INVITATION_HASH_SOURCE }) },
  { additionalProperties: false },
);
export type InvitationPayload = Static<typeof InvitationPayload>;

/** The largest face capture the server takes, in bytes (before base64). */
export const MAX_FACE_BYTES = 5 * 1024 * 1024;

/** `POST /uploadFace/{name}` body: the captured image as a data URL. */
export const FaceUpload = Type.Object({ poligram: Type.String({ maxLength: Math.ceil(MAX_FACE_BYTES * 1.37) }) });
export type FaceUpload = Static<typeof FaceUpload>;

/** What the server keeps of a visitor (device agent, and account when signed in), counted. */
export const PrivacyCounts = Type.Object({
  /** Entries of the account's lists (0 when signed out: a guest's lists live on the device). */
  collection: Type.Integer({ minimum: 0 }),
  packs: Type.Integer({ minimum: 0 }),
  events: Type.Integer({ minimum: 0 }),
  /** Face captures of the agents. */
  faces: Type.Integer({ minimum: 0 }),
  /** AI mirror images and 360 videos waiting for the agents (`agentResults`). */
  results: Type.Integer({ minimum: 0 }),
});
export type PrivacyCounts = Static<typeof PrivacyCounts>;

/** `GET /privacy/data/{agent}`: what is kept of the visitor, and the orders kept by law. */
export const PrivacySummary = Type.Composite([PrivacyCounts, Type.Object({ orders: Type.Integer({ minimum: 0 }) })]);
export type PrivacySummary = Static<typeof PrivacySummary>;

/** `POST /privacy/erase` body: the device's agent (the token, when sent, adds the account). */
export const ErasureRequest = Type.Object({ agent: Identifier }, { additionalProperties: false });
export type ErasureRequest = Static<typeof ErasureRequest>;

/** `POST /privacy/erase` reply: what was removed now (0s on a repeat) and what is kept, in words. */
export const ErasureReply = Type.Object({ removed: PrivacyCounts, kept: Type.String() });
export type ErasureReply = Static<typeof ErasureReply>;
