/**
 * The wire contract (docs/api.md#the-contracts-calls), written once: each shape is a
 * TypeBox schema and its type is derived from it. The server validates requests and serialises
 * replies with the schemas (through Fastify's type provider, so a route that disagrees with its
 * shape does not compile); the SPA imports the types only (`import type`), so the schema library
 * never reaches a phone (.dependency-cruiser.cjs, rule wire-types-only-in-the-spa). One module per
 * area of the API; this index is what both sides import.
 */

export { StringEnum } from './primitives';
export * from './common';
export * from './leads';
export * from './events';
export * from './account';
export * from './booths';
export * from './devices';
export * from './shop';
export * from './partner';
export * from './privacy';
export * from './insights';
export * from './guestContacts';
export * from './moderation';
export * from './delivery';
export * from './collects';
