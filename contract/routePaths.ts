import type { BoothMode } from './modes';

/** Every route of the SPA (docs/product.md#routes), built in one place. */
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
  /** What is kept of a guest and 'Apagar minhas fotos' (LGPD). */
  privacy: '/privacidade',
  /** An event's live wall for a TV at the venue. */
  wall: '/telao',
  /** How the product works ('Ajuda' of the menu). */
  help: '/ajuda',
} as const;

export function boothRoute(mode: BoothMode): string {
  return `${ROUTES.event}/${mode}`;
}

/** Routes a visitor may still open while an order waits for a sign-in (docs/product.md#account). */
export const OPEN_WHILE_LOGIN_REQUIRED: readonly string[] = [ROUTES.login, ROUTES.signup, ROUTES.account];

/** `to` with a query string built from the defined values only. */
export function withQuery(to: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${to}?${search}` : to;
}
