import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** How a reply's bytes can travel: as they are, or compressed the way the client says it takes. */
export type ContentEncoding = 'identity' | 'gzip' | 'br';

/** The encoding to send for an `Accept-Encoding` header: Brotli, then gzip, else the bytes as they are. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const accepted = String(acceptEncoding ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** One serialised reply in each encoding. */
export type EncodedReply = Record<ContentEncoding, Buffer>;

/** Sends `body` in the encoding the request takes (and says so, and that it depends on it). */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedReply): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  void reply.header('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') void reply.header('Content-Encoding', encoding);
  return reply.send(body[encoding]);
}

/**
 * Replies serialised once and answered again while their version stands: a gallery of thousands
 * of items that hundreds of guests poll is built, stringified and compressed once per change, not
 * per request (120 KB of JSON is ~10 KB on a venue's Wi-Fi). The caller reads the current version
 * first, so a cached reply is never staler than the ETag it is sent with. Bounded in bytes (all
 * encodings counted): the least recently used go first.
 */
export interface ReplyCache {
  /** The JSON bytes of `key` at `version` in each encoding, built (and kept) when absent or of another version. */
  get(key: string, version: string, build: () => Promise<unknown>): Promise<EncodedReply>;
}

const sizeOf = (body: EncodedReply) => body.identity.length + body.gzip.length + body.br.length;

/** Compressed fast: a new version is made while guests wait, and the next upload replaces it. */
async function encode(identity: Buffer): Promise<EncodedReply> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: 6 }),
    brotli(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ]);
  return { identity, gzip: gzipped, br: brotlied };
}

export function replyCache(maxBytes = 32 * 1024 * 1024): ReplyCache {
  const entries = new Map<string, { version: string; body: EncodedReply }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(entry.body);
    entries.delete(key);
  };
  return {
    async get(key, version, build) {
      const hit = entries.get(key);
      if (hit && hit.version === version) {
        // Map order is the recency order: a hit moves to the end.
        entries.delete(key);
        entries.set(key, hit);
        return hit.body;
      }
      const body = await encode(Buffer.from(JSON.stringify(await build())));
      drop(key);
      if (sizeOf(body) > maxBytes) return body;
      entries.set(key, { version, body });
      bytes += sizeOf(body);
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
      return body;
    },
  };
}
