/**
 * Wire contract: a guest's photos delivered by WhatsApp or e-mail, their subscription and its stop, and the owner's
 * switch, cap and figures (docs/api.md#photos-delivered).
 */
import { type Static, Type } from '@sinclair/typebox';
import { DELIVERY_CHANNELS, DELIVERY_STOP_TOKEN_SOURCE, MAX_DELIVERY_CAP } from '../delivery';
import { ConsentHash } from './guestContacts';
import { Filled, StringEnum } from './primitives';

const Count = Type.Integer({ minimum: 0 });
const When = Type.String({ description: 'ISO 8601' });

export const DeliveryChannelSchema = StringEnum(DELIVERY_CHANNELS);

/** `PUT /events/{bname}/entregas`: the owner (or the team) turns delivery on or off, and caps the messages sent. */
export const DeliverySettings = Type.Object(
  { enabled: Type.Boolean(), cap: Type.Integer({ minimum: 0, maximum: MAX_DELIVERY_CAP }) },
  { additionalProperties: false },
);
export type DeliverySettings = Static<typeof DeliverySettings>;

/** An event's delivery in figures: guests subscribed now, messages sent, then delivered or failed by the provider. */
export const DeliveryFigures = Type.Object({
  subscribed: Count,
  /** Messages the transport accepted (each counts against the cap). */
  sent: Count,
  /** Of those, the provider said delivered (or read); failed: given up, or the provider said failed. */
  delivered: Count,
  failed: Count,
  /** Messages not sent because the cap was reached (photos left unsent). */
  capped: Count,
  capReached: Type.Boolean(),
});
export type DeliveryFigures = Static<typeof DeliveryFigures>;

/**
 * `GET|PUT /events/{bname}/entregas`, `POST /events/{bname}/entregas/fim`: the setting, the figures, and when the owner
 * said the party was over (each guest then gets one last message with the gallery; null: not yet).
 */
export const EventDeliveryReply = Type.Composite([
  DeliverySettings,
  Type.Object({ figures: DeliveryFigures, endedAt: Type.Union([When, Type.Null()]) }),
]);
export type EventDeliveryReply = Static<typeof EventDeliveryReply>;

/** A visitor's subscription as they see it: the address masked (contract/delivery.ts maskedAddress). */
export const DeliverySubscription = Type.Object({
  name: Type.String(),
  channel: DeliveryChannelSchema,
  maskedAddress: Type.String(),
  /** Whether new photos their face is found in are sent too. */
  faceMatches: Type.Boolean(),
  subscribedAt: When,
  /** When the subscription ends by itself (the event's retention): nothing is sent after. */
  until: When,
});
export type DeliverySubscription = Static<typeof DeliverySubscription>;

/**
 * `GET /entregas/{bname}`: whether the event delivers photos now and, when it does, the consent text to show (its
 * hash goes back with the subscription) and until when it holds; whether face matches may be asked for (the visitor
 * used face search with consent, and the event has it on); and this visitor's subscription, if any.
 */
export const DeliveryOffer = Type.Object({
  offered: Type.Boolean(),
  title: Type.String(),
  text: Type.String(),
  textHash: Type.String(),
  until: Type.Union([When, Type.Null()]),
  faceMatchesOffered: Type.Boolean(),
  subscription: Type.Union([DeliverySubscription, Type.Null()]),
});
export type DeliveryOffer = Static<typeof DeliveryOffer>;

/**
 * `POST /entregas/{bname}`: the guest's name, the channel and its address (a Brazilian WhatsApp number as typed, or an
 * e-mail; contract/guestContact.ts checks both), the consent text's hash, and whether face matches are wanted.
 * Subscribing again replaces the subscription.
 */
export const SubscribeRequest = Type.Object(
  {
    name: Filled(200),
    channel: DeliveryChannelSchema,
    address: Filled(254),
    consent: ConsentHash,
    faceMatches: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SubscribeRequest = Static<typeof SubscribeRequest>;

/** `POST /entregas/{bname}` reply: the subscription as kept. */
export const SubscribeReply = Type.Object({ subscription: DeliverySubscription });
export type SubscribeReply = Static<typeof SubscribeReply>;

/** `DELETE /entregas/{bname}` and `POST /entregas/parar/{token}`: whether a subscription stopped now (false: none). */
export const StopDeliveryReply = Type.Object({ stopped: Type.Boolean(), title: Type.String() });
export type StopDeliveryReply = Static<typeof StopDeliveryReply>;

export const StopToken = Type.String({ pattern: DELIVERY_STOP_TOKEN_SOURCE });

/**
 * `GET /entregas/parar/{token}`: what a message's 'Parar de receber' link would stop, before the guest confirms: the
 * event's title and whether the subscription is still there (false: stopped already, or gone with its event).
 */
export const StopLinkReply = Type.Object({ subscribed: Type.Boolean(), title: Type.String() });
export type StopLinkReply = Static<typeof StopLinkReply>;

/** One message sent to a guest, as the privacy page lists it. */
export const DeliveredMessage = Type.Object({
  kind: StringEnum(['photos', 'event_end'] as const),
  photos: Count,
  status: StringEnum(['pending', 'sent', 'delivered', 'failed', 'capped', 'stopped'] as const),
  at: When,
});
export type DeliveredMessage = Static<typeof DeliveredMessage>;

/** A subscription still on, as the privacy page lists it: where the photos go and until when. */
const SubscribedDelivery = Type.Object({
  bname: Type.String(),
  title: Type.String(),
  stopped: Type.Literal(false),
  name: Type.String(),
  channel: DeliveryChannelSchema,
  address: Type.String(),
  subscribedAt: When,
  until: When,
  messages: Type.Array(DeliveredMessage),
});

/**
 * An event whose sending the guest stopped ('Parar de receber'): the name and address went with the subscription, the
 * messages sent stay (erasable) until their retention; when it stopped (null when the log no longer says).
 */
const StoppedDelivery = Type.Object({
  bname: Type.String(),
  title: Type.String(),
  stopped: Type.Literal(true),
  stoppedAt: Type.Union([When, Type.Null()]),
  messages: Type.Array(DeliveredMessage),
});

/**
 * `GET /privacy/entregas/{agent}`: this visitor's subscriptions, per event, with the messages sent, and the events
 * they stopped whose messages are still kept.
 */
export const MyDeliveriesReply = Type.Array(Type.Union([SubscribedDelivery, StoppedDelivery]));
export type MyDeliveriesReply = Static<typeof MyDeliveriesReply>;
export type MyDelivery = MyDeliveriesReply[number];

/** `DELETE /privacy/entregas/{agent}/{bname}`: the subscription and its messages erased (0 on a repeat). */
export const EraseDeliveriesReply = Type.Object({ removed: Count });
export type EraseDeliveriesReply = Static<typeof EraseDeliveriesReply>;

/** A guest's own photos link as it travels (`/privacidade?fotos={token}`): signed by the server, as a stop token is. */
export const CollectionToken = StopToken;

/**
 * `GET /entregas/colecao/{token}`: the guest's own photos at one event, the link their messages carry: every photo the
 * delivery noted for their subscription and still shown (never a hidden one), oldest first, as media paths that open
 * as collect links; the event and its gallery's path.
 */
export const GuestCollectionReply = Type.Object({
  bname: Type.String(),
  title: Type.String(),
  gallery: Type.String(),
  photos: Type.Array(Type.String()),
});
export type GuestCollectionReply = Static<typeof GuestCollectionReply>;
