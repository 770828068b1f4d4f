/**
 * An order's identity, made in the buyer's browser: a random 9-digit number (SPEC section 9,
 * 100000000 to 999999999) and a claim secret of 128 random bits that only this browser holds
 * (the server keeps its hash), which ties an order placed signed out to an account later.
 */
export interface OrderIdentity {
  orderId: string;
  claim: string;
}

const ORDER_ID_MIN = 100_000_000;
const ORDER_ID_SPAN = 900_000_000;

/** Uniform over the span: values above the largest multiple of it are drawn again. */
function randomBelow(span: number): number {
  const limit = Math.floor(0x1_0000_0000 / span) * span;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0] < limit) return word[0] % span;
  }
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function newOrderIdentity(): OrderIdentity {
  const secret = new Uint8Array(16);
  crypto.getRandomValues(secret);
  return { orderId: String(ORDER_ID_MIN + randomBelow(ORDER_ID_SPAN)), claim: base64Url(secret) };
}
