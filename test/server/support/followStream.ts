/** Server-sent events read over real HTTP, as a browser reads them: event by event, while the stream stays open. */

export interface LiveEvent {
  event: string;
  data: unknown;
}

/** A stream opened as the gallery opens it: its events as they come, and whether it has ended. */
export async function follow(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream', ...headers } });
  const events: LiveEvent[] = [];
  let ended = false;
  let buffer = '';
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as unknown });
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  /** Waits until `count` events have come (or the test's own time runs out). */
  const next = async (count: number) => {
    while (events.length < count && !ended) await new Promise((resolve) => setTimeout(resolve, 10));
    return events.slice(0, count);
  };
  const close = async () => {
    abort.abort();
    await reading;
  };
  return { response, events, next, close, reading, isEnded: () => ended };
}
