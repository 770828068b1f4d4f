import { oneLine } from './emailContent';

/**
 * What a refusal of the WhatsApp Cloud API means for the next try, by Meta's error code (its Graph API error
 * `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`; Meta's "WhatsApp error codes" page):
 * throttling and temporary trouble pass, a bad number, a refused template or a blocked account do not.
 */

/** The Graph API's error object, as far as we read it. */
export interface GraphError {
  message?: unknown;
  type?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  error_data?: { details?: unknown } | null;
  fbtrace_id?: unknown;
}

/** Worth another try later: limits reached, Meta's own trouble, a service down for a while. */
const TEMPORARY = new Set([
  1, // API unknown: a service down for a while
  2, // API service: temporary, overloaded
  4, // the app's call limit
  80007, // the WhatsApp Business Account's limit
  130429, // throughput reached
  131000, // something went wrong (Meta's side)
  131016, // service unavailable
  131048, // spam rate limit
  131056, // too many messages to one number at once (the pair rate limit)
  131057, // account in maintenance
  133004, // server temporarily unavailable
]);

/** Named here because their meaning decides; every other code goes by its HTTP status. */
const PERMANENT = new Set([
  0, // authentication
  3, // capability missing
  10, // permission denied
  100, // invalid parameter (a number that is no WhatsApp number too)
  190, // the access token expired or is wrong
  368, // the account is blocked for a policy
  130472, // the number is in an experiment of Meta's
  131008, // required parameter missing
  131009, // parameter value invalid
  131021, // recipient is the sender
  131026, // undeliverable: no WhatsApp, old app, terms not accepted
  131031, // account locked
  131042, // payment method
  131045, // phone number not registered
  131047, // re-engagement: a window closed (never for a template)
  131049, // Meta chose not to deliver, for the user's experience
  131050, // the user stopped marketing messages
  131051, // unsupported message type
  131052, // the media could not be downloaded
  131053, // the media could not be uploaded
  133010, // the phone number is not registered
]);

const REASON_LENGTH = 300;

function describe(error: GraphError): string {
  const details = error.error_data && typeof error.error_data.details === 'string' ? error.error_data.details : '';
  const message = typeof error.message === 'string' ? error.message : '';
  return oneLine([message, details].filter(Boolean).join(': ')).slice(0, REASON_LENGTH);
}

export function graphErrorCode(error: GraphError): number | null {
  const code = typeof error.code === 'string' ? Number(error.code) : error.code;
  return typeof code === 'number' && Number.isInteger(code) ? code : null;
}

/** Template errors (132000 to 132999): a template missing, paused, its parameters refused. */
const isTemplateError = (code: number) => code >= 132000 && code < 133000;

export interface WhatsAppFailure {
  retryable: boolean;
  reason: string;
  /** No word on whether Meta took it (its server, or a gateway before it, failed after the request arrived). */
  unsettled?: true;
}

/** A refusal of the API: its HTTP status and what its body said (null when it was no Graph API error). */
export function whatsAppFailure(status: number, error: GraphError | null): WhatsAppFailure {
  const code = error ? graphErrorCode(error) : null;
  const said = error ? describe(error) : '';
  const coded = code !== null ? ` (código ${code})` : ` (HTTP ${status})`;
  const reason = `WhatsApp recusou a mensagem${coded}${said ? `: ${said}` : ''}`;
  if (code !== null && (PERMANENT.has(code) || isTemplateError(code))) return { retryable: false, reason };
  // A server error may come after Meta took the message (a gateway timing out on its way back): the next try waits
  // for Meta's word on it. A 4xx is Meta's refusal: it did not take it.
  const unknownOutcome = status >= 500 ? { unsettled: true as const } : {};
  if (code !== null && TEMPORARY.has(code)) return { retryable: true, reason, ...unknownOutcome };
  // An unknown code: the HTTP status decides, as for any API (a throttle or a server error passes).
  if (status >= 500) return { retryable: true, reason, ...unknownOutcome };
  return { retryable: status === 429, reason };
}

/** Errors of the connection's opening: the request never left, so Meta cannot have taken it. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The system's code of fetch's failure (`cause.code`), read by shape: the error may come from another realm. */
function errorCode(error: unknown): string | null {
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : null;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : null;
  return typeof code === 'string' ? code : null;
}

/**
 * The request never got an answer (a network error, a timeout): try again. Unless it could not even connect, it
 * may have reached Meta, which may have taken the message: `unsettled`.
 */
export function unreachable(error: unknown): WhatsAppFailure {
  const detail = oneLine(error instanceof Error ? error.message : String(error)).slice(0, REASON_LENGTH);
  const reason = `não foi possível falar com a API do WhatsApp (${detail})`;
  return NEVER_SENT.has(errorCode(error) ?? '')
    ? { retryable: true, reason }
    : { retryable: true, reason, unsettled: true };
}
