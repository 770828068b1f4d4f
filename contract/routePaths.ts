import type { BoothMode } from './modes';

/** Every route of SPEC section 2, built in one place. */
export const ROUTES = {
  home: '/',
  events: '/eventos',
  event: '/eventos/evento',
  packs: '/packs',
  collect: '/collect',
  deviceLast: '/deviceLast',
  collection: '/collection',
  mirror: '/espelho',
  login: '/login',
  signup: '/signup',
  account: '/account',
  face: '/face',
  ultraLast: '/ultraLast',
  ultraQR: '/ultraQR',
  shop: '/shop',
  checkout: '/checkout',
  partner: '/partner',
  deals: '/deals',
  createContract: '/createContract',
  authorizePartner: '/authorizePartner',
  invitation: '/invitation',
  /** Beyond SPEC section 2: what is kept of a guest and 'Apagar minhas fotos' (LGPD). */
  privacy: '/privacidade',
} as const;

export function boothRoute(mode: BoothMode): string {
  return `${ROUTES.event}/${mode}`;
}

/**
 * The query naming the event a booth's gallery shows (beyond SPEC section 2, where the event
 * travels in the navigation's state): a gallery's address is then enough to open it again, on a
 * reload, in another tab, or from a shared link, and the server can draw its first photos into
 * the page (server/src/http/galleryShell.ts).
 */
export const EVENT_QUERY = 'evento';

/** A booth of the event `bname` (its gallery, or nulo's placeholder), by its address. */
export function boothAddress(mode: BoothMode, bname: string): string {
  return withQuery(boothRoute(mode), { [EVENT_QUERY]: bname });
}

/** Routes a visitor may still open while an order waits for a sign-in (SPEC section 4). */
export const OPEN_WHILE_LOGIN_REQUIRED: readonly string[] = [ROUTES.login, ROUTES.signup, ROUTES.account];

/** `to` with a query string built from the defined values only. */
export function withQuery(to: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${to}?${search}` : to;
}
