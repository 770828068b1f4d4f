import {
  cardBrand,
  cardNumberInput,
  groupCardNumber,
  isCardNumberValid,
  maxCardLength,
  providerBrandLabel,
} from '../../../src/lib/cardNumber';
import { checkoutProblem, type CardForm, type CustomerForm } from '../../../src/lib/checkoutValidation';
import { formatExpiryInput, isValidExpiry, splitExpiry } from '../../../src/lib/expiry';
import { formatPercent, formatReais } from '../../../src/lib/money';
import { refusalMessage } from '../../../src/lib/paymentMessages';
import { installmentLabel } from '../../../src/features/checkout/CardPanel';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

const customer: CustomerForm = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  cpf: '52998224725',
  eventName: 'Festa da Ana',
  eventDate: '2026-12-20',
  eventTime: '20:00',
};
const card: CardForm = {
  number: '5031433215406351',
  holderName: 'APRO',
  expiry: '11/30',
  cvc: '123',
  holderCpf: '52998224725',
};

describe('the checkout checks, in the order of docs/product.md#checkout', () => {
  // Each row breaks one or more fields; the alert is the first failure in the spec's order.
  const rows: [string, Partial<CustomerForm>, Partial<CardForm> | null, string | null][] = [
    ['all good (card)', {}, {}, null],
    ['all good (Pix)', {}, null, null],
    ['no name', { name: '  ' }, {}, 'Por favor, entre com seu nome.'],
    ['no name and no CPF: the name first', { name: '', cpf: '' }, {}, 'Por favor, entre com seu nome.'],
    ['CPF of 10 digits', { cpf: '5299822472' }, {}, 'Por favor, entre com um CPF válido.'],
    ['CPF with wrong check digits', { cpf: '52998224726' }, {}, 'Por favor, entre com um CPF válido.'],
    ['CPF of one repeated digit', { cpf: '11111111111' }, {}, 'Por favor, entre com um CPF válido.'],
    ['bad CPF and bad e-mail: the CPF first', { cpf: '123', email: 'x' }, {}, 'Por favor, entre com um CPF válido.'],
    ['e-mail without domain', { email: 'ana@' }, {}, 'Por favor, entre com um email válido.'],
    ['e-mail with spaces', { email: 'ana souza@example.com' }, {}, 'Por favor, entre com um email válido.'],
    ['no event name', { eventName: ' ' }, {}, 'Por favor, entre com o nome do evento.'],
    ['no event date', { eventDate: '' }, {}, 'Por favor, entre com a data do evento.'],
    ['no event time', { eventTime: '' }, {}, 'Por favor, entre com o horário do evento.'],
    [
      'bad customer and bad card: the customer first',
      { eventTime: '' },
      { number: '' },
      'Por favor, entre com o horário do evento.',
    ],
    ['no card number', {}, { number: '' }, 'Por favor, entre com o número do cartão.'],
    ['card number failing Luhn', {}, { number: '5031433215406352' }, 'Por favor, entre com o número do cartão.'],
    ['Pix ignores the card', {}, null, null],
    ['no holder name', {}, { holderName: ' ' }, 'Por favor, entre com o nome do titular do cartão.'],
    ['expiry month 13', {}, { expiry: '13/30' }, 'Por favor, entre com a data de validade do cartão no formato MM/YY.'],
    [
      'expiry without slash',
      {},
      { expiry: '1130' },
      'Por favor, entre com a data de validade do cartão no formato MM/YY.',
    ],
    ['CVC of 2 digits', {}, { cvc: '12' }, 'Por favor, entre com o código de segurança do cartão.'],
    ['holder CPF wrong', {}, { holderCpf: '12345678900' }, 'Por favor, entre com um CPF válido.'],
  ];

  it.each(rows)('%s', (_name, customerPatch, cardPatch, expected) => {
    const result = checkoutProblem(
      { ...customer, ...customerPatch },
      cardPatch === null ? null : { ...card, ...cardPatch },
    );
    expect(result).toBe(expected);
  });
});

describe('card numbers', () => {
  it.each([
    ['4235647728025682', 'visa', 19],
    ['375365153556885', 'american-express', 15],
    ['36490102462661', 'diners-club', 14],
    ['5555666677778884', 'mastercard', 19],
    ['6062826786276634', 'hipercard', 19],
    ['5067766783888311', 'elo', 16],
  ])('%s is %s, at most %i digits', (number, type, max) => {
    expect(cardBrand(number)?.type).toBe(type);
    expect(maxCardLength(cardBrand(number))).toBe(max);
  });

  it('keeps digits only, cut at the brand maximum', () => {
    expect(cardNumberInput('3753 6515-3556 88599')).toBe('375365153556885');
    expect(cardNumberInput('4235 6477 2802 5682 123 9')).toBe('4235647728025682123');
    expect(cardNumberInput('abc')).toBe('');
  });

  it('checks Luhn', () => {
    expect(isCardNumberValid('5031 4332 1540 6351')).toBe(true);
    expect(isCardNumberValid('5031 4332 1540 6352')).toBe(false);
    expect(isCardNumberValid('0000')).toBe(false);
  });

  it('groups for the preview, American Express 4-6-5', () => {
    expect(groupCardNumber('5031433215406351')).toBe('5031 4332 1540 6351');
    expect(groupCardNumber('375365153556885')).toBe('3753 651535 56885');
  });

  it("names the provider's brands", () => {
    expect(providerBrandLabel('master')).toBe('Mastercard');
    expect(providerBrandLabel('amex')).toBe('American Express');
  });
});

describe('expiry MM/YY', () => {
  it('puts the slash after two digits', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('11')).toBe('11');
    expect(formatExpiryInput('113')).toBe('11/3');
    expect(formatExpiryInput('11/30')).toBe('11/30');
    expect(formatExpiryInput('1130999')).toBe('11/30');
  });

  it('validates and splits', () => {
    expect(isValidExpiry('00/30')).toBe(false);
    expect(isValidExpiry('12/30')).toBe(true);
    expect(splitExpiry('07/29')).toEqual({ month: '07', year: '2029' });
  });
});

describe('money and installments, the Brazilian way', () => {
  it('formats reais', () => {
    expect(nbsp(formatReais(1234.56))).toBe('R$ 1.234,56');
    expect(nbsp(formatReais(0))).toBe('R$ 0,00');
    expect(formatPercent(0.1)).toBe('10%');
  });

  it('shows each plan with its amount per installment: total x (1 + rate/100) / count', () => {
    expect(nbsp(installmentLabel(1359, 1, 0))).toBe('1x de R$ 1.359,00 (sem juros)');
    expect(nbsp(installmentLabel(1359, 3, 0))).toBe('3x de R$ 453,00 (sem juros)');
    expect(nbsp(installmentLabel(1000, 4, 1.99))).toBe('4x de R$ 254,98 (total R$ 1.019,90)');
  });

  it('says why a card was refused', () => {
    expect(refusalMessage('cc_rejected_bad_filled_security_code')).toContain('código de segurança');
    expect(refusalMessage('cc_rejected_insufficient_amount')).toContain('limite');
    expect(refusalMessage('cc_rejected_call_for_authorize')).toContain('autorizar');
    expect(refusalMessage('cc_rejected_other_reason')).toBe(
      'Pagamento recusado pelo banco emissor. Tente outro cartão ou pague com Pix.',
    );
  });

  it("says why a card was refused in the Orders API's words too", () => {
    expect(refusalMessage('invalid_security_code')).toContain('código de segurança');
    expect(refusalMessage('invalid_expiration_date')).toContain('data de validade');
    expect(refusalMessage('insufficient_amount')).toContain('limite');
    expect(refusalMessage('required_call_for_authorize')).toContain('autorizar');
    expect(refusalMessage('bad_filled_card_data')).toContain('dados do cartão');
    expect(refusalMessage('rejected_by_issuer')).toBe(
      'Pagamento recusado pelo banco emissor. Tente outro cartão ou pague com Pix.',
    );
  });
});
