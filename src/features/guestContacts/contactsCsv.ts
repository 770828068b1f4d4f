import type { GuestContact } from '../../../contract/wire';
import { nationalWhatsapp } from '../../../contract/guestContact';
import { toCsv } from '../../lib/csv';
import { formatMoment } from '../../lib/dates';

/** The owner's export of an event's contacts, as a Brazilian spreadsheet opens it (src/lib/csv.ts). */
export function eventContactsCsv(contacts: readonly GuestContact[]): string {
  return toCsv(
    ['Nome', 'WhatsApp', 'E-mail', 'Deixado em', 'Apagado em'],
    contacts.map((contact) => [
      contact.name,
      // Every number is Brazilian; a leading '+' would be taken for a formula (and neutralised).
      contact.whatsapp ? nationalWhatsapp(contact.whatsapp) : '',
      contact.email ?? '',
      formatMoment(contact.leftAt),
      formatMoment(contact.expiresAt),
    ]),
  );
}

/** The file's name: the event's name is letters, digits, '-' and '_' already. */
export const contactsFileName = (eventName: string) => `contatos-${eventName}.csv`;
