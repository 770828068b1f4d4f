import {
  CONTRACT_MESSAGES,
  firstBadField,
  NAME_TOO_SHORT,
  NAME_WRONG,
  validateContract,
  type ContractFields,
} from '../../../../src/features/team/contractFields';

const good: ContractFields = {
  partner: 'parceiro_1',
  duration: '30',
  rate: '10',
  discount: '5',
  n_coupons: '3',
  kit: 'Kit festa',
};

describe('checking a contract before it is sent', () => {
  it('turns a good form into the wire payload, numbers as numbers and texts trimmed', () => {
    expect(
      validateContract({ ...good, partner: ' parceiro_1 ', rate: '12,5', discount: '7.5', kit: ' Kit festa ' }),
    ).toEqual({
      ok: true,
      payload: { partner: 'parceiro_1', duration: 30, rate: 12.5, discount: 7.5, kit: 'Kit festa', n_coupons: 3 },
    });
  });

  it('takes the bounds themselves', () => {
    expect(validateContract({ ...good, duration: '1', rate: '0', discount: '0', n_coupons: '1' }).ok).toBe(true);
    expect(validateContract({ ...good, duration: '3650', rate: '100', discount: '99', n_coupons: '10000' }).ok).toBe(
      true,
    );
  });

  it.each<[keyof ContractFields, string, string]>([
    ['partner', '', CONTRACT_MESSAGES.partnerMissing],
    ['partner', '   ', CONTRACT_MESSAGES.partnerMissing],
    ['partner', 'ab', NAME_TOO_SHORT],
    ['partner', 'novo parceiro', NAME_WRONG],
    ['partner', 'parceiro/1', NAME_WRONG],
    ['duration', '', CONTRACT_MESSAGES.durationMissing],
    ['duration', '0', CONTRACT_MESSAGES.durationBad],
    ['duration', '1.5', CONTRACT_MESSAGES.durationBad],
    ['duration', '-3', CONTRACT_MESSAGES.durationBad],
    ['duration', '3651', CONTRACT_MESSAGES.durationBad],
    ['duration', 'trinta', CONTRACT_MESSAGES.durationBad],
    ['rate', '', CONTRACT_MESSAGES.rateMissing],
    ['rate', '100.5', CONTRACT_MESSAGES.rateBad],
    ['rate', '-1', CONTRACT_MESSAGES.rateBad],
    ['rate', '10%', CONTRACT_MESSAGES.rateBad],
    ['rate', '1e2', CONTRACT_MESSAGES.rateBad],
    ['discount', '', CONTRACT_MESSAGES.discountMissing],
    ['discount', '100', CONTRACT_MESSAGES.discountBad],
    ['discount', 'dez', CONTRACT_MESSAGES.discountBad],
    ['n_coupons', '', CONTRACT_MESSAGES.couponsMissing],
    ['n_coupons', '0', CONTRACT_MESSAGES.couponsBad],
    ['n_coupons', '2.5', CONTRACT_MESSAGES.couponsBad],
    ['n_coupons', '10001', CONTRACT_MESSAGES.couponsBad],
    ['kit', '', CONTRACT_MESSAGES.kitMissing],
    ['kit', '  ', CONTRACT_MESSAGES.kitMissing],
  ])('refuses %s %j: %s', (field, value, message) => {
    expect(validateContract({ ...good, [field]: value })).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('names the first bad field in the form order', () => {
    expect(firstBadField({ kit: 'x', rate: 'y' })).toBe('rate');
    expect(firstBadField({})).toBeUndefined();
  });
});
