import { Type, type TProperties } from '@sinclair/typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IDENTIFIER_SOURCE } from '../../../../contract/names';
import { ORDER_ID_SOURCE } from '../../../../contract/protocol';

/** The Fastify instance routes are declared on: schemas are TypeBox, so handlers are typed by them. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Path and query fragments of the routes; every string has a pattern or a length bound. */
export const NAME = Type.String({ pattern: IDENTIFIER_SOURCE });
export const HASH = Type.String({ pattern: IDENTIFIER_SOURCE });
export const AGENT = Type.String({ pattern: IDENTIFIER_SOURCE });
export const DEVICE = Type.String({ pattern: IDENTIFIER_SOURCE });
/** Free text in a path segment (a name being checked, a prompt): bounded, classified by the handler. */
export const SEGMENT = Type.String({ minLength: 1, maxLength: 200 });
/** A comma-separated list in a path segment. */
export const LIST_SEGMENT = Type.String({ minLength: 1, maxLength: 4000 });
/** A media URL or file name in a path segment (print, modifyAccount). */
export const MEDIA_ID = Type.String({ minLength: 1, maxLength: 1024 });
/** An order's number, the real rule (docs/product.md#constants-and-limits), refused at the edge. */
export const ORDER_ID = Type.String({ pattern: ORDER_ID_SOURCE });

/** Path parameters: all required, nothing else. */
export function params<P extends TProperties>(properties: P) {
  return Type.Object(properties, { additionalProperties: false });
}
