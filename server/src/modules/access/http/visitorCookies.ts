import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_MAX_AGE_S } from '../../../../../contract/cookieLists';

/** One cookie of the request as the browser sent it (not decoded), or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * A cookie as the SPA reads it (js-cookie decodes each run of %XX); undefined when it cannot be
 * decoded, as js-cookie then skips it.
 */
export function readDecodedCookie(request: FastifyRequest, name: string): string | undefined {
  try {
    return readCookie(request, name)?.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);
  } catch {
    return undefined;
  }
}

/**
 * Sets one of the visitor's cookies (docs/product.md#session-and-cookies) as the SPA writes them (src/session/
 * cookieJar.ts): the whole site's, for the lists' lifetime, not sent by another site's requests
 * but for a link followed from it. The value is URI-encoded, which js-cookie reads back.
 */
export function setVisitorCookie(reply: FastifyReply, name: string, value: string, secure: boolean): void {
  reply.header(
    'Set-Cookie',
    `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax` +
      `${secure ? '; Secure' : ''}`,
  );
}
