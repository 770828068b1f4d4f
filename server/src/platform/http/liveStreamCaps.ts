import type { FastifyReply, FastifyRequest } from 'fastify';
import { countedAddress } from './clientAddress';
import type { EventStream, EventStreams } from './eventStream';

/** Streams one visitor may hold open on a server: a gallery or two, the wall, a tab more. */
export const LIVE_STREAMS_PER_VISITOR = 4;
/**
 * Streams one address may hold open on a server: a venue's Wi-Fi puts 500 phones behind one, each with a gallery or two
 * open.
 */
export const LIVE_STREAMS_PER_ADDRESS = 1_000;
/** How long a refused phone is told to wait before asking for a stream again (its gallery polls meanwhile). */
export const LIVE_RETRY_AFTER_S = 30;

export interface LiveStreamLimits {
  perVisitor: number;
  perAddress: number;
  /** In all, on this server (LIVE_STREAMS_MAX). */
  perServer: number;
}

/** Who a stream is counted against: its signed visitor (null for a request without one) and its address. */
export type StreamHolder = Pick<FastifyRequest, 'ip' | 'visitorAgent'>;

/**
 * The open live streams of one server, counted in its memory: a stream lives on the server that
 * opened it, so each server counts its own (docs/api.md#live-galleries).
 */
export interface LiveStreamCaps {
  /**
   * A slot for the holder's stream, and how to give it back (once, however often called); null when a cap is reached.
   */
  take(holder: StreamHolder): (() => void) | null;
  /**
   * Opens the request's stream when its visitor, its address and the server are all under their
   * caps; otherwise answers 503 with Retry-After (the phone polls meanwhile) and gives null.
   */
  open(streams: EventStreams, request: FastifyRequest, reply: FastifyReply): EventStream | null;
  /** Streams open now. */
  readonly count: number;
}

export function liveStreamCaps({
  perVisitor = LIVE_STREAMS_PER_VISITOR,
  perAddress = LIVE_STREAMS_PER_ADDRESS,
  perServer,
}: Partial<LiveStreamLimits> & Pick<LiveStreamLimits, 'perServer'>): LiveStreamCaps {
  // Only holders with a stream open have an entry: nothing grows with visitors who left.
  const byVisitor = new Map<string, number>();
  const byAddress = new Map<string, number>();
  let count = 0;
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const n = (counts.get(key) ?? 0) + by;
    if (n > 0) counts.set(key, n);
    else counts.delete(key);
  };

  function take({ ip, visitorAgent }: StreamHolder): (() => void) | null {
    const address = countedAddress(ip);
    // A request without a signed visitor counts by its address alone.
    if (count >= perServer || (byAddress.get(address) ?? 0) >= perAddress) return null;
    if (visitorAgent !== null && (byVisitor.get(visitorAgent) ?? 0) >= perVisitor) return null;
    count += 1;
    add(byAddress, address, 1);
    if (visitorAgent !== null) add(byVisitor, visitorAgent, 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      count -= 1;
      add(byAddress, address, -1);
      if (visitorAgent !== null) add(byVisitor, visitorAgent, -1);
    };
  }

  return {
    take,
    open(streams, request, reply) {
      const giveBack = take(request);
      if (!giveBack) {
        // Not an error of ours nor of a service: no error log, the request's own line says 503.
        void reply
          .code(503)
          .header('Retry-After', String(LIVE_RETRY_AFTER_S))
          .header('Cache-Control', 'no-store')
          .send({
            error: 'live_unavailable',
            message: 'A atualização ao vivo está cheia agora: a página segue se atualizando sozinha.',
          });
        return null;
      }
      const stream = streams.open(reply);
      stream.onClose(giveBack);
      return stream;
    },
    get count() {
      return count;
    },
  };
}
