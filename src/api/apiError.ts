import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiErrorBody } from '../../contract/wire';

/**
 * The one way to read what an endpoint's failure says: its HTTP status (or fetchBaseQuery's
 * FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR, CUSTOM_ERROR), the server's error code and a sentence
 * for people. Every screen and flow reads errors through these instead of poking at the shape.
 */

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).error === 'string';
}

function asFetchError(error: unknown): FetchBaseQueryError | null {
  return typeof error === 'object' && error !== null && 'status' in error ? (error as FetchBaseQueryError) : null;
}

/**
 * The HTTP status of a failure, or fetchBaseQuery's word for one that has none; undefined for
 * anything else. A reply that could not be parsed keeps its real status (originalStatus).
 */
export function apiErrorStatus(error: unknown): number | string | undefined {
  const fetchError = asFetchError(error);
  if (!fetchError) return undefined;
  return 'originalStatus' in fetchError ? fetchError.originalStatus : fetchError.status;
}

/** The server's error code (`{ error: code, message }`, docs/api.md#basics), or null. */
export function apiErrorCode(error: unknown): string | null {
  const data = asFetchError(error)?.data;
  return isApiErrorBody(data) ? data.error : null;
}

/** The server's own sentence for the failure, or null when it gave none. */
export function apiErrorServerMessage(error: unknown): string | null {
  const data = asFetchError(error)?.data;
  return isApiErrorBody(data) && data.message ? data.message : null;
}

/**
 * The request may have reached the server though no answer came back (a network failure, a
 * timeout or a 5xx): sending it again must be safe, and is worth trying.
 */
export function isLostAnswer(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || (typeof status === 'number' && status >= 500);
}

/** Worth trying again later: the answer was lost, or the server asked to wait. */
export function isTransient(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return isLostAnswer(error) || status === 408 || status === 429;
}

/**
 * A refusal the server will repeat however often it is asked: a 4xx that is neither a timeout
 * (408) nor "slow down" (429). What fails otherwise (the network, a 5xx) may work another time.
 */
export function isRefusedForGood(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** A readable message for any error an endpoint can return. */
export function errorMessage(error: unknown): string {
  const fetchError = asFetchError(error);
  if (fetchError) {
    const { status, data } = fetchError;
    if (isApiErrorBody(data)) return data.message || data.error;
    if (status === 'FETCH_ERROR') return 'Sem conexão com o servidor. Tente novamente.';
    // A queryFn's own failure (the card provider) already carries a sentence for people.
    if (status === 'CUSTOM_ERROR' && typeof fetchError.error === 'string') return fetchError.error;
    if (typeof data === 'string' && data.length > 0 && data.length < 200) return data;
    return `Erro ${String(status)}`;
  }
  if (error instanceof Error) return error.message;
  return 'Erro desconhecido';
}
