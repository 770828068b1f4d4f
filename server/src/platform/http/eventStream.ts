import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A comment line this often: proxies (nginx's 60 s read timeout) keep the connection, and a gone client is noticed. */
const HEARTBEAT_MS = 25_000;
/** What a browser's stream waits before connecting again after a drop (the `retry:` field). */
const RETRY_MS = 3_000;

/** One open server-sent events stream (text/event-stream) to one client. */
export interface EventStream {
  /** Sends an event named `event` with `data` as JSON; nothing once closed. */
  send(event: string, data: unknown): void;
  /** Ends the stream (the client connects again, or not, as it decides). */
  close(): void;
  /** Runs once when the stream ends, whoever ended it. */
  onClose(listener: () => void): void;
}

/** The open streams of an app: ended before the server closes, which otherwise waits for them forever. */
export interface EventStreams {
  open(reply: FastifyReply): EventStream;
  /** False once the server is stopping: a stream opened then would keep it waiting. */
  readonly accepting: boolean;
}

export function eventStreams(app: FastifyInstance, { heartbeatMs = HEARTBEAT_MS } = {}): EventStreams {
  const open = new Set<EventStream>();
  let accepting = true;
  // preClose: before the server stops accepting and waits for the connections under way.
  app.addHook('preClose', async () => {
    accepting = false;
    for (const stream of [...open]) stream.close();
  });
  return {
    get accepting() {
      return accepting;
    },
    open(reply) {
      const body = new PassThrough();
      const listeners: (() => void)[] = [];
      let closed = false;
      const heartbeat = setInterval(() => body.write(': ping\n\n'), heartbeatMs);
      heartbeat.unref();
      const end = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        open.delete(stream);
        body.end();
        for (const listener of listeners) listener();
      };
      const stream: EventStream = {
        send(event, data) {
          if (!closed) body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        close: end,
        onClose(listener) {
          if (closed) listener();
          else listeners.push(listener);
        },
      };
      open.add(stream);
      // The client went away (a closed tab, a lost connection): nothing more to send. The
      // response's close, not the request's (which closes once a GET's empty body is read); the
      // body's, which Fastify destroys then; and a client gone before the stream was opened.
      reply.raw.once('close', end);
      body.once('close', end);
      if (!accepting || reply.raw.destroyed || reply.request.raw.socket?.destroyed) end();
      body.write(`retry: ${RETRY_MS}\n\n`);
      void reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        // nginx passes each event on at once instead of holding a buffer's worth.
        .header('X-Accel-Buffering', 'no')
        .send(body);
      return stream;
    },
  };
}
