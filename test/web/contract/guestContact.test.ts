import {
  contactEmail,
  contactName,
  formatWhatsapp,
  nationalWhatsapp,
  whatsappNumber,
} from '../../../contract/guestContact';

/** The rules a guest's contact is checked by, on the form and on the server alike (docs/privacy.md#guests-contacts). */
describe('a WhatsApp number', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['+55 21 99876-5432', '+5521998765432'],
    ['55 (85) 9 8765 4321', '+5585987654321'],
  ])('%s is the Brazilian mobile %s', (typed, e164) => {
    expect(whatsappNumber(typed)).toBe(e164);
  });

  it.each([
    ['(11) 3456-7890', 'a landline'],
    ['(20) 98765-4321', 'a DDD not in use'],
    ['(11) 8765-4321', 'eight digits'],
    ['+1 415 555 0100', 'not Brazilian'],
    ['(11) 98765-432a', 'a letter'],
    ['', 'nothing'],
  ])('%s is refused (%s)', (typed) => {
    expect(whatsappNumber(typed)).toBeNull();
  });

  it('reads as people write it', () => {
    expect(formatWhatsapp('+5511987654321')).toBe('+55 (11) 98765-4321');
    expect(nationalWhatsapp('+5511987654321')).toBe('(11) 98765-4321');
  });
});

describe('an e-mail and a name', () => {
  it('takes an e-mail trimmed and lowercased, and refuses one without a domain', () => {
    expect(contactEmail('  Bia@Exemplo.COM ')).toBe('bia@exemplo.com');
    expect(contactEmail('bia@exemplo')).toBeNull();
    expect(contactEmail('bia exemplo.com')).toBeNull();
  });

  it('takes a name with its spaces collapsed, up to 80 characters', () => {
    expect(contactName('  Bia \n Souza ')).toBe('Bia Souza');
    expect(contactName('   ')).toBeNull();
    expect(contactName('B'.repeat(81))).toBeNull();
  });
});
