import type { FastifyReply } from 'fastify';

/** Text replies of the contract (`ok`, `yes`, `no_image` ...). */
export function sendText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('text/plain; charset=utf-8').send(text);
}

/** Splits a comma-separated list segment, dropping empty entries and the '-' of an empty list. */
export function splitList(value: string | undefined, max = 200): string[] {
  if (!value || value === '-') return [];
  return [...new Set(value.split(',').map((s) => s.trim()).filter((s) => s.length > 0))].slice(0, max);
}
