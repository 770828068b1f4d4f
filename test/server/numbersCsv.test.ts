import { numbersCsv } from '../../server/src/modules/insights/numbersCsv';
import type { EventNumbersReply } from '../../contract/wire';

/** 'Baixar CSV' of 'A festa em números' (docs/product.md#the-party-in-numbers), as a spreadsheet in Brazil reads it. */
const NIGHT: EventNumbersReply = {
  bname: 'festa_ana',
  taken: 3,
  booths: [
    { mode: 'pad', device: '-cabine', taken: 2 },
    { mode: 'polaroid', device: null, taken: 1 },
  ],
  collected: 2,
  shared: 1,
  downloaded: 0,
  printed: 1,
  copiesLeft: 4,
  faceSearches: 0,
  wallViews: 1,
  hours: [{ hour: '2026-09-20T21:00', taken: 3, collected: 2 }],
  top: [{ url: '/media/festa_ana/pad/a1.jpg', collected: 2 }],
};

it('writes one table after another, with a byte order mark, CRLF and Brazilian dates', () => {
  const csv = numbersCsv(NIGHT);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.slice(1).split('\r\n')).toEqual([
    'Evento;festa_ana',
    '',
    'Indicador;Total',
    'Fotos tiradas;3',
    'Fotos coletadas;2',
    'Compartilhamentos;1',
    'Downloads (Baixar todas);0',
    'Cópias impressas;1',
    'Cópias restantes nos packs;4',
    'Buscas por rosto;0',
    'Aberturas do telão;1',
    '',
    'Cabine;Aparelho;Fotos tiradas',
    // A device's id that a spreadsheet would take for a formula is written as text.
    "pad;'-cabine;2",
    'polaroid;;1',
    '',
    'Hora;Fotos tiradas;Fotos coletadas',
    '20/09/2026 21:00;3;2',
    '',
    'Foto mais coletada;Coletas',
    '/media/festa_ana/pad/a1.jpg;2',
    '',
  ]);
});

it('adds the photos delivered to guests, where the event had them on', () => {
  const lines = numbersCsv({
    ...NIGHT,
    delivery: { subscribed: 12, sent: 30, delivered: 27, failed: 2, capped: 1, capReached: true },
  })
    .slice(1)
    .split('\r\n');
  const after = lines.indexOf('Aberturas do telão;1');
  expect(lines.slice(after + 1, after + 6)).toEqual([
    'Convidados inscritos para receber fotos;12',
    'Mensagens enviadas;30',
    'Mensagens entregues;27',
    'Mensagens com falha;2',
    'Mensagens não enviadas (limite atingido);1',
  ]);
  expect(numbersCsv(NIGHT)).not.toContain('Mensagens');
});
