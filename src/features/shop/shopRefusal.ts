import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isApiErrorBody } from '../../api/apiError';

/** What the server says of a coupon it does not know, and what the shop says without asking. */
export const INVALID_COUPON = 'Cupom inválido ou expirado.';

/**
 * The server's refusal of the coupon, worded as it was (its `{ error, message }` body), for a
 * 4xx answer; null for what another try may fix (no connection, a 5xx, a timeout).
 */
export function shopRefusal(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status, data } = error as FetchBaseQueryError;
  if (typeof status !== 'number' || status < 400 || status >= 500 || status === 408 || status === 429) return null;
  return isApiErrorBody(data) && data.message ? data.message : INVALID_COUPON;
}
