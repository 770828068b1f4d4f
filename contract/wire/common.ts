/**
 * Wire contract: Errors, runtime settings, lists of media and the plain text replies (docs/api.md#the-contracts-calls).
 */
import { type Static, Type } from '@sinclair/typebox';
import { BOOTH_MODES, MEDIA_MODES } from '../modes';
import { StringEnum, Strings } from './primitives';

export const BoothModeSchema = StringEnum(BOOTH_MODES);
export const MediaModeSchema = StringEnum(MEDIA_MODES);

/** Every error reply: a 4xx status with this body. */
export const ApiErrorBody = Type.Object({ error: Type.String(), message: Type.String() });
export type ApiErrorBody = Static<typeof ApiErrorBody>;

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

/** `GET /all/{bname}/{type}`, `GET /deviceLast/{bname}/{device}`, ready 360 result. */
export const ProductList = Type.Object({ product: Strings });
export type ProductList = Static<typeof ProductList>;

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

export const MessageReply = Type.Object({ message: Type.String() });
export type MessageReply = Static<typeof MessageReply>;
