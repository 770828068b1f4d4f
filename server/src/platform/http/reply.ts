import type { FastifyReply } from 'fastify';

/** Splits a comma-separated list segment, dropping empty entries and the '-' of an empty list. */
export function splitList(value: string | undefined, max = 200): string[] {
  if (!value || value === '-') return [];
  // A loop, not map/filter: every poll of a gallery or a pack check passes here.
  const items = new Set<string>();
  for (const part of value.split(',')) {
    const item = part.trim();
    if (item.length > 0) items.add(item);
    if (items.size === max) break;
  }
  return [...items];
}

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an `If-None-Match` header names `etag` (weak comparison, as for any GET; `*` matches). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (!header) return false;
  const wanted = opaqueTag(etag);
  for (const tag of header.split(',')) if (tag.trim() === '*' || opaqueTag(tag) === wanted) return true;
  return false;
}

/** 304 Not Modified: headers only, no body and no Content-Length (a serialised `null` would claim 4 bytes). */
export function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}
