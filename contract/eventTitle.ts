/**
 * An event's title and its name (docs/api.md#event-titles). The title is what people read on
 * the wall, the dashboard, the lists and the pages ('Aniversário da Convidada', free text); the
 * name is the event's key in links (/eventos/{name}), made of letters, digits, '-' and '_'
 * (contract/names.ts). An owner types the title; the name is derived from it, and may be edited.
 */
import { isName, MAX_NAME_LENGTH } from './names';

/** A title is at most this long once cleaned: it fits the wall's headline and a print's band. */
export const EVENT_TITLE_MAX_LENGTH = 80;

/** How long a derived name may be: room is kept for a variant's '-2'. */
const DERIVED_NAME_MAX_LENGTH = MAX_NAME_LENGTH - 4;

/** The title as stored: no control characters, spaces collapsed, trimmed. */
export function cleanTitle(title: string): string {
  return (
    title
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Whether a title may be stored: something to read, not too long. */
export function isEventTitle(title: string): boolean {
  const clean = cleanTitle(title);
  return clean !== '' && clean.length <= EVENT_TITLE_MAX_LENGTH;
}

/**
 * The name a title gives: lowercase, accents removed, spaces (and anything else that is not a
 * letter, a digit, '-' or '_') as hyphens, no hyphen at either end, at most 60 characters.
 * 'Aniversário da Convidada' -> 'aniversario-da-convidada'. '' when nothing is left ('!!!').
 */
export function nameFromTitle(title: string): string {
  const name = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return name.slice(0, DERIVED_NAME_MAX_LENGTH).replace(/-+$/, '');
}

/** The `n`-th variant of a taken name ('festa' -> 'festa-2'), still a valid name (cut to fit 64). */
export function nameVariant(name: string, n: number): string {
  const suffix = `-${n}`;
  const variant = `${name.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
  return isName(variant) ? variant : name;
}
