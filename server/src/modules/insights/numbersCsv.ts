import type { EventNumbersReply } from '../../../../contract/wire';

/**
 * 'Baixar CSV' of 'A festa em números' (docs/product.md#the-party-in-numbers): what a spreadsheet in Brazil opens
 * as it is, ';' between fields (the comma is the decimal mark there) and a byte order mark (or Excel reads UTF-8 as
 * Latin-1), one table after another under Portuguese headers.
 */
const BOM = '\uFEFF';

/** A field as a spreadsheet reads it: quoted when it holds a separator, and never taken for a formula. */
function field(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (...values: (string | number)[]) => values.map(field).join(';');

/** `2026-09-20T21:00` as people in Brazil write it: `20/09/2026 21:00`. */
function hourText(hour: string): string {
  const [date, time] = hour.split('T');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time}`;
}

export function numbersCsv(numbers: EventNumbersReply): string {
  const lines = [
    line('Evento', numbers.bname),
    '',
    line('Indicador', 'Total'),
    line('Fotos tiradas', numbers.taken),
    line('Fotos coletadas', numbers.collected),
    line('Compartilhamentos', numbers.shared),
    line('Downloads (Baixar todas)', numbers.downloaded),
    line('Cópias impressas', numbers.printed),
    line('Cópias restantes nos packs', numbers.copiesLeft),
    line('Buscas por rosto', numbers.faceSearches),
    line('Aberturas do telão', numbers.wallViews),
    ...(numbers.delivery
      ? [
          line('Convidados inscritos para receber fotos', numbers.delivery.subscribed),
          line('Mensagens enviadas', numbers.delivery.sent),
          line('Mensagens entregues', numbers.delivery.delivered),
          line('Mensagens com falha', numbers.delivery.failed),
          line('Mensagens não enviadas (limite atingido)', numbers.delivery.capped),
        ]
      : []),
    '',
    line('Cabine', 'Aparelho', 'Fotos tiradas'),
    ...numbers.booths.map((booth) => line(booth.mode, booth.device ?? '', booth.taken)),
    '',
    line('Hora', 'Fotos tiradas', 'Fotos coletadas'),
    ...numbers.hours.map((hour) => line(hourText(hour.hour), hour.taken, hour.collected)),
    '',
    line('Foto mais coletada', 'Coletas'),
    ...numbers.top.map((photo) => line(photo.url, photo.collected)),
  ];
  return BOM + lines.join('\r\n') + '\r\n';
}

/** The file's name: the event's name (a slug, safe in a header) and what it holds. */
export const numbersCsvName = (eventName: string) => `${eventName}-numeros.csv`;
