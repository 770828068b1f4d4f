import { createParser } from 'eventsource-parser';

/** The first wait before connecting again after a drop; doubled each time, up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 1_000;
const MAX_WAIT_MS = 30_000;

export interface EventStreamHandlers {
  /** The headers of each connection (a fresh token each time). */
  headers: () => Promise<Record<string, string>>;
  /** An event of the stream, its data read as JSON (an event whose data is not JSON is skipped). */
  onEvent: (event: string, data: unknown) => void;
  /** Whether the stream is open now: the page's poll may then slow down. */
  onLive: (live: boolean) => void;
  /** Ends it for good (the page closed the gallery). */
  signal: AbortSignal;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Follows a server-sent events stream over fetch (EventSource sends no headers, and a private
 * event's stream needs the login's token), connecting again after every drop, later each time;
 * never after the server refused it (4xx: the page's poll says why) or said 'closed'. Resolves
 * once it has stopped for good.
 */
export async function followEventStream(url: string, { headers, onEvent, onLive, signal }: EventStreamHandlers): Promise<void> {
  let waitMs = FIRST_WAIT_MS;
  let closed = false;
  while (!signal.aborted && !closed) {
    let retryMs: number | null = null;
    try {
      const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...(await headers()) }, cache: 'no-store', signal });
      if (response.status >= 400 && response.status < 500) return;
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      onLive(true);
      waitMs = FIRST_WAIT_MS;
      const parser = createParser({
        onEvent: ({ event, data }) => {
          if (event === 'closed') {
            closed = true;
            return;
          }
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
      while (!closed) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
      if (closed) await reader.cancel().catch(() => undefined);
    } catch {
      // A drop (venue Wi-Fi, a server restarting) or the page leaving: tried again below, or not.
    }
    onLive(false);
    if (signal.aborted || closed) break;
    await wait(Math.max(retryMs ?? 0, waitMs), signal);
    waitMs = Math.min(waitMs * 2, MAX_WAIT_MS);
  }
}
