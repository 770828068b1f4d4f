/** Wire contract: The small schemas the wire is made of: bounded texts, money, documents, ids. */
import { Type } from '@sinclair/typebox';
import { IDENTIFIER_SOURCE } from '../names';
import { ORDER_ID_SOURCE } from '../protocol';

/** A string of one of `values`: `{ type: 'string', enum }` on the wire, a union of literals in TypeScript. */
export function StringEnum<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}

export const Text = (maxLength: number) => Type.String({ maxLength });
/** Text that must hold something besides spaces. */
export const Filled = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
export const Money = Type.Number({ minimum: 0, maximum: 10_000_000 });
export const Cpf = Type.String({ pattern: '^[0-9]{11}$' });
export const Email = Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
export const Identifier = Type.String({ pattern: IDENTIFIER_SOURCE });
export const OrderId = Type.String({ pattern: ORDER_ID_SOURCE });
export const PartnerName = Type.String({ pattern: '^[A-Za-z0-9_-]{3,64}$' });
export const Strings = Type.Array(Type.String());

/**
 * A random secret the buyer's browser makes for each order and keeps with the transaction cookie;
 * the server keeps only its hash. Claiming an anonymous order needs it, not just the order number.
 */
export const ClaimSecret = Type.String({ pattern: '^[A-Za-z0-9_-]{22,64}$' });
