import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Headers that carry a secret. Request logs hold no headers at all (see `req` below); this list
 * also covers any line that logs a request's headers on purpose.
 */
const SECRET_HEADERS = ['idtoken', 'authorization', 'x-device-key', 'cookie', 'set-cookie'];

/**
 * The URL a log line shows: the route's pattern (`/api/validatePacks/:hashes`), never the raw URL,
 * whose path segments carry pack hashes, agents and coupons and whose query strings carry e-mails.
 * A request that matched no route shows its method only.
 */
function loggedUrl(request: FastifyRequest): string {
  return request.routeOptions?.url ?? '(no route)';
}

/** Logger options: redacted URLs and headers, errors without the values a database echoes. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: SECRET_HEADERS.flatMap((name) => [
        `req.headers["${name}"]`,
        `headers["${name}"]`,
        `res.headers["${name}"]`,
      ]),
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request),
        remoteAddress: request.ip,
      }),
      // The message, code and stack only: PostgreSQL's `detail` repeats the refused values.
      err: (error: Error & { code?: unknown; statusCode?: unknown }) => ({
        type: error.name,
        message: error.message,
        code: error.code,
        statusCode: error.statusCode,
        stack: error.stack ?? '',
      }),
    },
  };
}
