import { ORDER_ID_MAX, ORDER_ID_MIN } from '../../../contract/protocol';
import { randomInteger, randomString, URL_SAFE } from '../../../contract/randomId';

/**
 * An order's identity, made in the buyer's browser: a random 9-digit number (docs/product.md#constants-and-limits,
 * 100000000 to 999999999) and a claim secret of 132 random bits that only this browser holds
 * (the server keeps its hash), which ties an order placed signed out to an account later.
 */
export interface OrderIdentity {
  orderId: string;
  claim: string;
}

export function newOrderIdentity(): OrderIdentity {
  return { orderId: String(randomInteger(ORDER_ID_MIN, ORDER_ID_MAX)), claim: randomString(22, URL_SAFE) };
}
