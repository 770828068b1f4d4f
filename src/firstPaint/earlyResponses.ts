import { EARLY_RESPONSE_TTL_MS, EARLY_RESPONSES_KEY } from './earlyRequests';

/**
 * The answers the page's early script asked for before the app arrived (src/firstPaint/earlyRequests.ts),
 * taken over by the app's own calls: each one once, only while it is fresh, only a success, only
 * for the same anonymous GET. Anything else goes to the network as usual.
 */
interface EarlyResponses {
  /** When the early script asked (performance.now()). */
  at: number;
  responses: Record<string, Promise<Response>>;
}

type FetchFn = (input: RequestInfo, init?: RequestInit) => Promise<Response>;

function isEarlyResponses(value: unknown): value is EarlyResponses {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as EarlyResponses).at === 'number' &&
    typeof (value as EarlyResponses).responses === 'object'
  );
}

/** The early answer for this request, removed from the page's list, or null. */
export function takeEarlyResponse(
  request: Request,
  holder: Record<string, unknown>,
  now: number,
): Promise<Response> | null {
  const early = holder[EARLY_RESPONSES_KEY];
  if (!isEarlyResponses(early)) return null;
  // The early script asks without a token: a call that carries one may be answered otherwise.
  if (request.method !== 'GET' || request.headers.has('idToken')) return null;
  const pending = Object.prototype.hasOwnProperty.call(early.responses, request.url)
    ? early.responses[request.url]
    : undefined;
  if (!pending) return null;
  delete early.responses[request.url];
  if (now - early.at > EARLY_RESPONSE_TTL_MS) return null;
  return pending;
}

/**
 * A fetch for the base query that takes an early answer over when there is one (a refusal or a
 * failure is asked again, by the app, with whatever it adds), and fetches otherwise.
 */
export function withEarlyResponses(
  fetchFn: FetchFn,
  holder: () => Record<string, unknown>,
  now: () => number,
): FetchFn {
  return (input, init) => {
    const pending = typeof input !== 'string' && !init ? takeEarlyResponse(input, holder(), now()) : null;
    if (!pending) return fetchFn(input, init);
    return pending.then(
      (response) => (response.ok ? response : fetchFn(input)),
      () => fetchFn(input),
    );
  };
}
