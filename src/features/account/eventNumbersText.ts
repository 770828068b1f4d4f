import { BOOTH_LABEL } from '../../../contract/boothLabels';
import type { EventNumbersReply } from '../../../contract/wire';
import { deliveryFigureCards } from '../delivery';

/** How 'A festa em números' writes its figures and hours (docs/product.md#the-party-in-numbers). */
const NUMBER = new Intl.NumberFormat('pt-BR');

export const count = (n: number) => NUMBER.format(n);

/** `2026-09-20T21:00` (the venue's clock) as the chart's axis says it: `21h`. */
export const hourLabel = (hour: string) => `${Number(hour.slice(11, 13))}h`;

/** `2026-09-20T21:00` in full: `20/09/2026, 21h`. */
export function hourText(hour: string): string {
  const [year, month, day] = hour.slice(0, 10).split('-');
  return `${day}/${month}/${year}, ${hourLabel(hour)}`;
}

/** The figures a card each, in the order the section shows them. */
export function figureCards(numbers: EventNumbersReply): { label: string; value: number }[] {
  return [
    { label: 'Fotos tiradas', value: numbers.taken },
    { label: 'Coletadas', value: numbers.collected },
    { label: 'Compartilhadas', value: numbers.shared },
    { label: "Downloads ('Baixar todas')", value: numbers.downloaded },
    { label: 'Cópias impressas', value: numbers.printed },
    { label: 'Cópias restantes nos packs', value: numbers.copiesLeft },
    { label: 'Buscas por rosto', value: numbers.faceSearches },
    { label: 'Aberturas do telão', value: numbers.wallViews },
    // The photos sent to guests, once the event has had delivery on (docs/product.md#photos-delivered).
    ...(numbers.delivery ? deliveryFigureCards(numbers.delivery) : []),
  ];
}

/**
 * What each booth device is called: its booth type, numbered where the event has several of one type (a device's id
 * is no name); media no device uploaded are the team's.
 */
export function boothNames(booths: EventNumbersReply['booths']): string[] {
  return booths.map((booth) => {
    const label = BOOTH_LABEL[booth.mode];
    if (booth.device === null) return `${label} (enviadas pela equipe)`;
    const same = booths.filter((other) => other.mode === booth.mode && other.device !== null);
    return same.length > 1 ? `${label} ${same.indexOf(booth) + 1}` : label;
  });
}
