/** Wire contract: What is kept of a visitor, and its erasure. */
import { type Static, Type } from '@sinclair/typebox';
import { Identifier } from './primitives';

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
  /**
   * Events opened to the visitor by their presence (a collect link, a pack, an invitation): of the agents and the
   * account.
   */
  grants: Type.Integer({ minimum: 0 }),
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
