/** Wire contract: guests who leave their contact to receive an event's photos, with their consent (LGPD). */
import { type Static, Type } from '@sinclair/typebox';
import { CONTACT_RETENTION_CHOICES } from '../guestContact';
import { Filled, Text } from './primitives';

const RetentionDays = Type.Unsafe<(typeof CONTACT_RETENTION_CHOICES)[number]>({
  type: 'integer',
  enum: [...CONTACT_RETENTION_CHOICES],
});

/** `PUT /events/{bname}/contatos`: the owner (or the team) offers the form or not, and says how long contacts stay. */
export const GuestContactSettings = Type.Object(
  { enabled: Type.Boolean(), days: RetentionDays },
  { additionalProperties: false },
);
export type GuestContactSettings = Static<typeof GuestContactSettings>;

/** One contact a guest left: a WhatsApp number in E.164 or an e-mail (one of them, or both). */
export const GuestContact = Type.Object({
  name: Type.String(),
  whatsapp: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  /** When it was left, and when it goes (ISO 8601). */
  leftAt: Type.String(),
  expiresAt: Type.String(),
});
export type GuestContact = Static<typeof GuestContact>;

/** `GET /events/{bname}/contatos`: the setting, and the contacts left, newest first. */
export const EventContactsReply = Type.Composite([
  GuestContactSettings,
  Type.Object({ contacts: Type.Array(GuestContact) }),
]);
export type EventContactsReply = Static<typeof EventContactsReply>;

/** The hash (sha256, hex) of the consent text a guest read: what they send back, agreeing to it. */
export const ConsentHash = Type.String({ pattern: '^[0-9a-f]{64}$' });

/**
 * `GET /contatos/{bname}`: whether the event asks for contacts now and, when it does, the consent text to show
 * (its hash goes back with the contact), how long a contact stays, and whether this visitor already left one.
 */
export const ContactOffer = Type.Object({
  offered: Type.Boolean(),
  title: Type.String(),
  days: Type.Integer(),
  text: Type.String(),
  textHash: Type.String(),
  left: Type.Boolean(),
});
export type ContactOffer = Static<typeof ContactOffer>;

/** `POST /contatos/{bname}`: the guest's name, a WhatsApp number or an e-mail, and the consent text's hash. */
export const LeaveContactRequest = Type.Object(
  {
    name: Filled(200),
    whatsapp: Type.Optional(Text(40)),
    email: Type.Optional(Text(254)),
    consent: ConsentHash,
  },
  { additionalProperties: false },
);
export type LeaveContactRequest = Static<typeof LeaveContactRequest>;

export const LeaveContactReply = Type.Object({ left: Type.Literal(true), expiresAt: Type.String() });
export type LeaveContactReply = Static<typeof LeaveContactReply>;

/** `GET /privacy/contacts/{agent}`: the contacts this visitor left, per event. */
export const MyContactsReply = Type.Array(
  Type.Composite([GuestContact, Type.Object({ bname: Type.String(), title: Type.String() })]),
);
export type MyContactsReply = Static<typeof MyContactsReply>;

/** `DELETE /privacy/contacts/{agent}/{bname}`: how many contacts went (0 on a repeat). */
export const WithdrawContactReply = Type.Object({ removed: Type.Integer({ minimum: 0 }) });
export type WithdrawContactReply = Static<typeof WithdrawContactReply>;
