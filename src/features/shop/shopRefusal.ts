import { apiErrorServerMessage, isRefusedForGood } from '../../api/apiError';

/** What the server says of a coupon it does not know, and what the shop says without asking. */
export const INVALID_COUPON = 'Cupom inválido ou expirado.';

/**
 * The server's refusal of the coupon, worded as it was (its `{ error, message }` body), for a
 * 4xx answer; null for what another try may fix (no connection, a 5xx, a timeout).
 */
export function shopRefusal(error: unknown): string | null {
  return isRefusedForGood(error) ? (apiErrorServerMessage(error) ?? INVALID_COUPON) : null;
}
