import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** The Content-Security-Policy of every reply: our own origin plus the identity and card providers. */
export function contentSecurityPolicy(config: ServerConfig): string {
  const emulator = config.authEmulatorHost ? `http://${config.authEmulatorHost}` : '';
  // Public events' files come from the CDN (MEDIA_PUBLIC_BASE): pictures, videos, and the service worker's fetches.
  const cdn = config.mediaPublicBase ? new URL(config.mediaPublicBase).origin : '';
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", 'https://sdk.mercadopago.com', 'https://apis.google.com', 'https://www.gstatic.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', cdn],
    'media-src': ["'self'", 'blob:', cdn],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.mercadopago.com',
      'https://*.mercadopago.com',
      emulator,
      cdn,
    ],
    'frame-src': [
      "'self'",
      'https://*.firebaseapp.com',
      'https://accounts.google.com',
      'https://*.mercadopago.com',
      'https://*.mercadolibre.com',
      emulator,
    ],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources.filter(Boolean)].join(' '))
    .join('; ');
}

/**
 * An API reply is data, never a page: it loads nothing and cannot be framed. Its short policy
 * also keeps the headers of a 304, which is all a polling gallery receives, a few hundred bytes.
 */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * nosniff, CSP with frame-ancestors, and HSTS when the site is served over https; the page-only headers on pages and
 * files.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const csp = contentSecurityPolicy(config);
  const httpsSite = config.publicUrl?.startsWith('https://') ?? false;
  // A callback hook: it runs on every reply and never waits for anything.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    if (request.url.startsWith('/api/')) {
      reply.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    } else {
      reply.header('Content-Security-Policy', csp);
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      // The identity provider's sign-in popup talks back to this window.
      reply.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
      reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    }
    if (httpsSite || request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
    done(null, payload);
  });
}
