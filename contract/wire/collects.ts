/**
 * Wire contract: a collect the SPA makes without a page load, told to the server (docs/api.md#collects-in-the-app).
 */
import { type Static, Type } from '@sinclair/typebox';

/** `POST /coletado`: the visitor collected this photo in the app, without a page load (its media URL). */
export const CollectRequest = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type CollectRequest = Static<typeof CollectRequest>;
