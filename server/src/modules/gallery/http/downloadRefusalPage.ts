import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeAttribute } from '../../firstPaint';

/** A browser that navigates (a link, a form) asks for a page first; fetch and RTK Query ask for JSON. */
const navigates = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * Where the page leads back to: the site's page the download was asked from (its Referer, when it
 * is a page of `site`), else `fallback` on the site. Always an absolute URL of the site: the API
 * may be served from another origin than the pages.
 */
export function backTo(referer: string | undefined, site: string, fallback: string): string {
  const origin = new URL(site).origin;
  try {
    const from = new URL(referer ?? '');
    if (from.origin === origin) return `${origin}${from.pathname}${from.search}`;
  } catch {
    // No Referer, or not a URL: the fallback.
  }
  return `${origin}${fallback}`;
}

function page(message: string, back: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Não foi possível baixar</title></head>
<body><main><h1>Não foi possível baixar</h1><p>${escapeAttribute(message)}</p>
<p><a href="${escapeAttribute(back)}">Voltar</a></p></main></body></html>`;
}

/**
 * The downloads are followed by the browser itself ('Baixar todas' is a link or a plain form, so
 * that a ZIP of any size streams to disk), and a refusal (too many in a minute, nothing to give)
 * would then show the guest a page of raw JSON. For a navigation, a refusal of the routes of
 * `scope` is a short page in Portuguese with the same message and a way back; API clients still
 * get `{ error, message }`.
 */
export function refusalPagesForNavigations(
  scope: FastifyInstance,
  site: string,
  fallback: (request: FastifyRequest) => string,
): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !navigates(request) || typeof payload !== 'string') return payload;
    let message = 'Tente de novo em instantes.';
    try {
      const parsed = JSON.parse(payload) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // Not our JSON: the generic sentence.
    }
    void reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    return page(message, backTo(request.headers.referer, site, fallback(request)));
  });
}
