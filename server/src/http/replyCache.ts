/**
 * Replies serialised once and answered again while their version stands: a gallery of thousands
 * of items that hundreds of guests poll is built and stringified once per change, not per request.
 * The caller reads the current version first (one small query), so a cached reply is never staler
 * than the ETag it is sent with. Bounded in bytes: the least recently used go first.
 */
export interface ReplyCache {
  /** The JSON bytes of `key` at `version`, built (and kept) when absent or of another version. */
  get(key: string, version: string, build: () => Promise<unknown>): Promise<Buffer>;
}

export function replyCache(maxBytes = 32 * 1024 * 1024): ReplyCache {
  const entries = new Map<string, { version: string; body: Buffer }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
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
      const body = Buffer.from(JSON.stringify(await build()));
      drop(key);
      if (body.length > maxBytes) return body;
      entries.set(key, { version, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
      return body;
    },
  };
}
