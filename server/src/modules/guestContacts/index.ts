/**
 * Guests who leave their contact to receive an event's photos, with their consent (LGPD): the
 * owner's setting and export, the form's offer, the contacts and the consent log, their
 * withdrawal, erasure and expiry.
 */
export { guestContactRoutes } from './http/guestContactRoutes';
export { eraseContactsOf, purgeExpiredContacts } from './guestContacts';
