import type { GuestContact } from '../../../../contract/wire';
import { formatWhatsapp } from '../../../../contract/guestContact';

/**
 * The owner's export of an event's contacts: a spreadsheet opens it as it is (Excel in Brazil
 * splits on ';' and reads UTF-8 only after a BOM), with headers in Portuguese and dates as people
 * there write them, in Brasília's time.
 */

const HEADERS = ['Nome', 'WhatsApp', 'E-mail', 'Deixado em', 'Apagado em'];
const BOM = '\uFEFF';

const dateParts = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `20/09/2026 21:30`. */
export function brazilianTime(iso: string): string {
  const part = Object.fromEntries(dateParts.formatToParts(new Date(iso)).map(({ type, value }) => [type, value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** A cell: quoted when it holds the separator, a quote or a line break. */
function cell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** What a guest typed that a spreadsheet would run as a formula ('=', '+', '-', '@' first) gets an apostrophe. */
const typed = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function contactsCsv(contacts: readonly GuestContact[]): string {
  const lines = contacts.map((contact) =>
    [
      typed(contact.name),
      contact.whatsapp ? formatWhatsapp(contact.whatsapp) : '',
      typed(contact.email ?? ''),
      brazilianTime(contact.leftAt),
      brazilianTime(contact.expiresAt),
    ]
      .map(cell)
      .join(';'),
  );
  return `${BOM}${[HEADERS.join(';'), ...lines].join('\r\n')}\r\n`;
}

/** The file's name: the event's name, which is letters, digits, '-' and '_' already. */
export const contactsFileName = (eventName: string) => `contatos-${eventName}.csv`;
