/**
 * Photos delivered to a guest by WhatsApp or e-mail (docs/product.md#photos-delivered): the rules the
 * subscribe form, the stop page and the server share.
 */

export const DELIVERY_CHANNELS = ['whatsapp', 'email'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** The owner's cap: messages sent per event, at most this many (0 sends nothing). */
export const MAX_DELIVERY_CAP = 100_000;
/** The cap an event starts with, once its owner turns delivery on. */
export const DEFAULT_DELIVERY_CAP = 500;

/** The SPA's page a message's 'Parar de receber' link opens: `/parar/{token}`. */
export const DELIVERY_STOP_PATH = '/parar';

/**
 * A message's 'Suas fotos' link opens the privacy page with this query, `/privacidade?fotos={token}`: the guest's own
 * photos at the event, in the privacy page's code (a path of its own would cost the landing page's first visit a
 * route, over its budget: test/scripts/bundle.test.ts).
 */
export const DELIVERY_COLLECTION_QUERY = 'fotos';

/** A stop token as it travels in a link: base64url, signed by the server. */
export const DELIVERY_STOP_TOKEN_SOURCE = '^[A-Za-z0-9_-]{16,256}$';

/**
 * An address as the guest sees it once subscribed, not whole (a screen over their shoulder):
 * `+55 (11) *****-4321`, `an***@exemplo.com`.
 */
export function maskedAddress(channel: DeliveryChannel, address: string): string {
  if (channel === 'whatsapp') {
    const digits = address.replace(/^\+55/, '');
    return `+55 (${digits.slice(0, 2)}) *****-${digits.slice(-4)}`;
  }
  const at = address.lastIndexOf('@');
  if (at < 0) return '***';
  const local = address.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length))}***${address.slice(at)}`;
}
