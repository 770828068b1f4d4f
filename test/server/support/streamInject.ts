import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** Routes that answer a stream of events which never ends by itself (server/src/platform/http/eventStream.ts). */
const STREAMING = /^\/api\/(live\/|telao\/[^/?]+\/ao-vivo)/;

/**
 * `app.inject`, except that a stream of events is read up to its first event and then let go (the
 * client leaves): injected whole, it would never end. The reply's body is what was read.
 */
export async function injectOnce(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const url = typeof options.url === 'string' ? options.url : '';
  if (!STREAMING.test(url)) return app.inject(options);
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const events = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (events && /(^|\n)event: [^\n]*\ndata: [^\n]*\n\n$/.test(text)) break;
  }
  stream.destroy();
  // And the server hears that the client went away, as over a socket: the stream ends and gives
  // back its place under the live streams' caps (server/src/platform/http/liveStreamCaps.ts).
  response.raw.res.destroy();
  return Object.assign(response, {
    body: text,
    payload: text,
    rawPayload: Buffer.from(text),
    json: <T = unknown>() => JSON.parse(text) as T,
  });
}
