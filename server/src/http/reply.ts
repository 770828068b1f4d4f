import type { FastifyReply } from 'fastify';

/** Splits a comma-separated list segment, dropping empty entries and the '-' of an empty list. */
export function splitList(value: string | undefined, max = 200): string[] {
  if (!value || value === '-') return [];
  return [...new Set(value.split(',').map((s) => s.trim()).filter((s) => s.length > 0))].slice(0, max);
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, as for any GET; `*` matches). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** 304 Not Modified: headers only, no body and no Content-Length (a serialised `null` would claim 4 bytes). */
export function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}
