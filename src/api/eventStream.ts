import { createParser } from 'eventsource-parser';

/** The first wait before connecting again after a drop; doubled each time, up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 1_000;
const MAX_WAIT_MS = 30_000;
/**
 * A stream that says nothing this long is dead (a phone that changed networks keeps a connection
 * nothing will ever come through): the server says something every 25 s.
 */
const SILENCE_MS = 60_000;

export interface EventStreamHandlers {
  /** The headers of each connection (a fresh token each time). */
  headers: () => Promise<Record<string, string>>;
  /** An event of the stream, its data read as JSON (an event whose data is not JSON is skipped). */
  onEvent: (event: string, data: unknown) => void;
  /** Whether the stream is open and speaking now: the page's poll may then slow down. */
  onLive: (live: boolean) => void;
  /** Ends it for good (the page closed the gallery). */
  signal: AbortSignal;
}

/** Waits `ms`, or less when `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A refusal that asking again will not change (the event is not open to this visitor). */
const isFinal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * How long a busy server asked to be left alone (`Retry-After` in seconds on a 503 or a 429: the
 * server holds all the streams it may), in ms; 0 when it said nothing usable.
 */
function retryAfterMs(response: Response): number {
  if (response.status !== 503 && response.status !== 429) return 0;
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3_600) * 1_000 : 0;
}

/**
 * Follows a server-sent events stream over fetch (EventSource sends no headers, and a private
 * event's stream needs the login's token), connecting again after every drop, later each time
 * and at a moment of its own (a server's restart does not bring every phone back at once); never
 * after a refusal (the page's poll says why) or once the server said 'closed'. Resolves once it
 * has stopped for good.
 */
export async function followEventStream(
  url: string,
  { headers, onEvent, onLive, signal }: EventStreamHandlers,
): Promise<void> {
  let waitMs = FIRST_WAIT_MS;
  let closed = false;
  while (!signal.aborted && !closed) {
    let retryMs = 0;
    let busyMs = 0;
    // This connection alone: aborted by the page, or when it falls silent.
    const connection = new AbortController();
    const leave = () => connection.abort();
    signal.addEventListener('abort', leave, { once: true });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(leave, SILENCE_MS);
    };
    try {
      const response = await fetch(url, {
        headers: { Accept: 'text/event-stream', ...(await headers()) },
        cache: 'no-store',
        signal: connection.signal,
      });
      if (isFinal(response.status)) return;
      busyMs = retryAfterMs(response);
      // A captive portal's page or a proxy's error is no stream: tried again later, as a drop.
      if (!response.ok || !response.body || !response.headers.get('Content-Type')?.startsWith('text/event-stream'))
        throw new Error(`HTTP ${response.status}`);
      const parser = createParser({
        onEvent: ({ event, data }) => {
          if (event === 'closed') {
            // Said on: the page asks for its list at once, and learns why (a revoked link, a private event).
            closed = true;
            onEvent('closed', {});
            return;
          }
          // Live, and over the drop, once the server has said something of its own.
          onLive(true);
          waitMs = FIRST_WAIT_MS;
          try {
            onEvent(event ?? 'message', JSON.parse(data) as unknown);
          } catch {
            // Not JSON: not an event of ours.
          }
        },
        onRetry: (ms) => {
          retryMs = ms;
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      heard();
      while (!closed) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        parser.feed(value);
      }
      if (closed) await reader.cancel().catch(() => undefined);
    } catch {
      // A drop (venue Wi-Fi, a server restarting, a silent connection) or the page leaving.
    } finally {
      clearTimeout(silence);
      signal.removeEventListener('abort', leave);
    }
    onLive(false);
    if (signal.aborted || closed) break;
    // A busy server is asked again no sooner than it said, and the phones it refused together
    // come back spread over as long again (the page polls meanwhile).
    await wait(busyMs > 0 ? busyMs * (1 + Math.random()) : Math.max(retryMs, waitMs) * (0.5 + Math.random()), signal);
    waitMs = Math.min(waitMs * 2, MAX_WAIT_MS);
  }
}
