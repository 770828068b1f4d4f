/** Wire contract: Accounts, their lists, their events and orders. */
import { type Static, Type } from '@sinclair/typebox';
import { EventTitleSchema, EventVisibilitySchema } from './events';
import { ClaimSecret, OrderId, StringEnum, Strings } from './primitives';

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

/** `POST /set_transaction` body; beyond the spec's field, the order's claim secret. */
export const SetTransactionRequest = Type.Object(
  { transaction: OrderId, claim: ClaimSecret },
  { additionalProperties: false },
);
export type SetTransactionRequest = Static<typeof SetTransactionRequest>;

/** `GET /create_event/{name}/{orderId}?title=`: beyond the spec, the title people read; the name when absent. */
export const CreateEventQuery = Type.Object({ title: Type.Optional(EventTitleSchema) });
export type CreateEventQuery = Static<typeof CreateEventQuery>;

/** `GET /free_bname/{name}` (beyond the spec): the name if free, else its first free variant ('-2', '-3', ...). */
export const FreeNameReply = Type.Object({ name: Type.String() });
export type FreeNameReply = Static<typeof FreeNameReply>;

/** `GET /load_events` */
export const OwnEvent = Type.Object({
  /** The paid order this event comes from (create_event takes it). */
  orderId: Type.String(),
  eventName: Type.String(),
  /** 1 once the event has been created. */
  eventCreated: Type.Integer(),
  /** Beyond the spec: the created event's name and who sees its media (absent before it is created). */
  createdName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Beyond the spec: the created event's title, what people read (absent before it is created). */
  createdTitle: Type.Optional(Type.String()),
  visibility: Type.Optional(EventVisibilitySchema),
  /** Beyond the spec: its payment was refunded or charged back, and the event is suspended (only the team opens it). */
  suspended: Type.Optional(StringEnum(['refunded', 'charged_back'] as const)),
  products: Type.Array(
    Type.Object({
      name: Type.String(),
      hours: Type.Number(),
      accessories: Type.Array(Type.Object({ name: Type.String() })),
    }),
  ),
});
export type OwnEvent = Static<typeof OwnEvent>;

/**
 * Where an order's payment stands: waiting (card in review, Pix not yet received), paid or
 * refused; a paid order's payment later refunded or charged back (a chargeback) by the provider.
 */
export const OrderStatusSchema = StringEnum(['pending', 'approved', 'rejected', 'refunded', 'charged_back'] as const);
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

/**
 * `GET /team/events?busca=`: the events the team looks after, newest first (the newest
 * hundred), those whose name, title or owner's email holds the search when there is one.
 */
export const TeamEvent = Type.Object({
  name: Type.String(),
  /** What people read: the owner's title, else the name (migration 0030). */
  title: Type.String(),
  publicId: Type.String(),
  visibility: EventVisibilitySchema,
  /** The owner's account email; '' for an event no account owns (made by the team). */
  ownerEmail: Type.String(),
  /** Its payment was refunded or charged back: only the team opens it. */
  suspended: Type.Boolean(),
  /** How many booth media it has. */
  media: Type.Integer(),
  createdAt: Type.String(),
});
export type TeamEvent = Static<typeof TeamEvent>;
export const TeamEventsQuery = Type.Object({ busca: Type.Optional(Type.String({ maxLength: 100 })) });
