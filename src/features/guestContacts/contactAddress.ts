import { formatWhatsapp } from '../../../contract/guestContact';

/** A contact's address as people read it: the number formatted, or the e-mail. */
export function contactAddress(contact: { whatsapp: string | null; email: string | null }): string {
  return [contact.whatsapp ? formatWhatsapp(contact.whatsapp) : null, contact.email].filter(Boolean).join(' · ');
}
