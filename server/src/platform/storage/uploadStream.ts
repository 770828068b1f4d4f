import { Readable } from 'node:stream';
import { DomainError, invalid, tooLarge } from '../errors';

/**
 * What a body over its limit is answered (the same words as Fastify's own body limit, platform/http/errorHandler.ts).
 */
export const TOO_LARGE = () => tooLarge('too_large', 'O envio é grande demais.');

/**
 * The chunks of `body`, failing with TOO_LARGE once more than `maxBytes` have passed. A request's
 * body is left whole when reading stops early: destroyed, it would take the connection with it
 * before the 413 could be sent. A body that breaks off (the device's connection dropped) is the
 * client's failure, a 400, never an error of ours.
 */
async function* bounded(body: AsyncIterable<unknown>, maxBytes: number): AsyncGenerator<Buffer> {
  const chunks = body instanceof Readable ? body.iterator({ destroyOnReturn: false }) : body;
  let seen = 0;
  try {
    for await (const chunk of chunks) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      seen += bytes.length;
      if (seen > maxBytes) throw TOO_LARGE();
      yield bytes;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid('upload_interrupted', 'O envio foi interrompido. Envie o arquivo de novo.');
  }
}

/** A body read whole, for what is small enough to be (a photo): refused past `maxBytes` without reading the rest. */
export async function readAtMost(body: AsyncIterable<unknown>, maxBytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const bytes of bounded(body, maxBytes)) parts.push(bytes);
  return Buffer.concat(parts);
}

/**
 * A body to be passed on as it arrives (a video, to the object store): its first `size` bytes
 * read now (what its kind is told by), and the whole of it, those bytes included, as a stream
 * that fails with TOO_LARGE past `maxBytes`. Only the first chunks are ever held.
 */
export async function peekStream(
  body: AsyncIterable<unknown>,
  size: number,
  maxBytes: number,
): Promise<{ head: Buffer; stream: Readable }> {
  const chunks = bounded(body, maxBytes);
  const first: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
    length += next.value.length;
  }
  const rest = async function* (): AsyncGenerator<Buffer> {
    yield* first;
    // The iterator was begun above: go on with it rather than starting the body again.
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  };
  return { head: Buffer.concat(first).subarray(0, size), stream: Readable.from(rest(), { objectMode: false }) };
}
