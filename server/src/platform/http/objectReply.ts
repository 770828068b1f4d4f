import type { FastifyReply, FastifyRequest } from 'fastify';
import { mimeOf } from '../../../../contract/mediaPath';
import { notFound } from '../errors';
import {
  isObjectKey,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStore,
} from '../storage/objectStore';

/**
 * One `Range: bytes=...` the way browsers send it (a video's seek, a resumed download): `a-b`,
 * `a-` or the last `-n` bytes. Several ranges at once, or anything unreadable, asks for the whole
 * (RFC 9110 lets a server ignore a Range it does not take).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'whole' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  if (end !== undefined && end < start) return 'whole';
  return end === undefined ? { start } : { start, end };
}

const entityTag = (info: ObjectInfo) => `W/"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`;

function notModified(request: FastifyRequest, info: ObjectInfo, tag: string): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) return match.split(',').some((one) => one.trim() === tag || one.trim() === '*');
  const since = request.headers['if-modified-since'];
  // HTTP dates have whole seconds.
  return since !== undefined && Math.floor(info.lastModified.getTime() / 1000) <= Math.floor(Date.parse(since) / 1000);
}

/**
 * Sends a stored object as a static file server would, from whichever store holds it: GET and
 * HEAD, its type by its name, Last-Modified and an ETag answered 304 when the browser has it,
 * and byte ranges (206, or 416 with the size). Caching is the caller's (the media gate's).
 */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  objects: ObjectStore,
  key: string,
): Promise<FastifyReply> {
  if (!isObjectKey(key)) throw notFound('not_found', 'Não encontrado.');
  const info = await objects.head(key);
  if (!info) throw notFound('not_found', 'Não encontrado.');
  const tag = entityTag(info);
  reply.header('Accept-Ranges', 'bytes').header('ETag', tag).header('Last-Modified', info.lastModified.toUTCString());
  reply.type(mimeOf(key));
  if (notModified(request, info, tag)) return reply.code(304).send();
  const asked = parseByteRange(request.headers.range, info.size);
  // A range of a file that changed since the browser's copy (If-Range) is the whole new file. Our
  // tags are weak, which If-Range may not use: browsers send the Last-Modified date, compared here.
  const ifRange = request.headers['if-range'];
  const unchanged = ifRange === undefined || ifRange === info.lastModified.toUTCString();
  const range = asked === 'whole' || !unchanged ? undefined : asked;
  try {
    if (request.method === 'HEAD') return reply.header('Content-Length', info.size).send();
    const stored = await objects.get(key, range, info);
    if (!stored) throw notFound('not_found', 'Não encontrado.');
    const length = stored.range.end - stored.range.start + 1;
    reply.header('Content-Length', length);
    if (range)
      reply.code(206).header('Content-Range', `bytes ${stored.range.start}-${stored.range.end}/${stored.size}`);
    return reply.send(stored.body);
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    return reply.code(416).header('Content-Range', `bytes */${error.size}`).send();
  }
}
