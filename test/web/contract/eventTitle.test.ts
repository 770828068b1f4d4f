import { cleanTitle, isEventTitle, nameFromTitle, nameVariant } from '../../../contract/eventTitle';
import { isName } from '../../../contract/names';

describe("an event's title and the name made from it", () => {
  it('makes a name of the title: lowercase, accents removed, spaces as hyphens, only [a-z0-9_-]', () => {
    expect(nameFromTitle('Aniversário da Convidada')).toBe('aniversario-da-convidada');
    expect(nameFromTitle('  Casamento de Bia & Léo — 2026!  ')).toBe('casamento-de-bia-leo-2026');
    expect(nameFromTitle('Festa_da_Ana')).toBe('festa_da_ana');
    expect(nameFromTitle('Ção Ñandú Über')).toBe('cao-nandu-uber');
    expect(nameFromTitle('🎉🎂')).toBe('');
    expect(nameFromTitle('!!!')).toBe('');
  });

  it('keeps a name short enough for its variants, never ending in a hyphen', () => {
    const long = nameFromTitle(`${'Festa '.repeat(20)}final`);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
    expect(isName(nameVariant(long, 21))).toBe(true);
  });

  it('names variants of a taken name, always a valid name', () => {
    expect(nameVariant('festa', 2)).toBe('festa-2');
    expect(nameVariant('x'.repeat(64), 3)).toBe(`${'x'.repeat(62)}-3`);
  });

  it('stores a title trimmed, its spaces and control characters collapsed, up to 80 characters', () => {
    expect(cleanTitle('  Festa \n\t da   Ana ')).toBe('Festa da Ana');
    expect(isEventTitle('Festa da Ana')).toBe(true);
    expect(isEventTitle('   ')).toBe(false);
    expect(isEventTitle('\u0001')).toBe(false);
    expect(isEventTitle('x'.repeat(80))).toBe(true);
    expect(isEventTitle('x'.repeat(81))).toBe(false);
  });
});
