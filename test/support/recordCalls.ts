import { http, HttpResponse } from 'msw';
import { network } from './network';

export interface RecordedCall {
  method: string;
  /** The path exactly as sent, percent-encoding included. */
  rawPath: string;
  query: Record<string, string>;
  headers: Headers;
  body: string;
}

export type Reply = { json: unknown; status?: number } | { text: string; status?: number; contentType?: string };

/** Answers every request with `reply` and records what was sent. */
export function recordCalls(reply: Reply): RecordedCall[] {
  const calls: RecordedCall[] = [];
  network.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      calls.push({
        method: request.method,
        rawPath: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body: await request.text(),
      });
      if ('json' in reply) return HttpResponse.json(reply.json as object, { status: reply.status ?? 200 });
      return new HttpResponse(reply.text, {
        status: reply.status ?? 200,
        headers: { 'Content-Type': reply.contentType ?? 'text/plain; charset=utf-8' },
      });
    }),
  );
  return calls;
}
