import {
  clampHours,
  clampQuantity,
  dealBalance,
  discountedTotal,
  installmentAmount,
  lineTotal,
  unitPrice,
} from '../../../contract/pricing';

const service = { type: 'service', price: 1000, pricePerHour: 250, minHours: 2, maxHours: 6, maxQty: 2 };
const item = { type: 'product', price: 80, pricePerHour: 0, minHours: 0, maxHours: 0, maxQty: 10 };

describe('pricing (docs/product.md#constants-and-limits)', () => {
  it('adds the hours above the minimum and the accessories to the base price', () => {
    expect(unitPrice(service, { hours: 2, quantity: 1, accessoryPrices: [] })).toBe(1000);
    expect(unitPrice(service, { hours: 5, quantity: 1, accessoryPrices: [100, 49.9] })).toBe(1000 + 3 * 250 + 149.9);
  });

  it('ignores hours for products that are not services', () => {
    expect(unitPrice(item, { hours: 9, quantity: 1, accessoryPrices: [] })).toBe(80);
  });

  it('multiplies by the quantity, clamped to 1..maxQty', () => {
    expect(lineTotal(service, { hours: 3, quantity: 2, accessoryPrices: [] })).toBe(2500);
    expect(lineTotal(service, { hours: 3, quantity: 7, accessoryPrices: [] })).toBe(2500);
    expect(clampQuantity(item, 0)).toBe(1);
    expect(clampQuantity(item, Number.NaN)).toBe(1);
  });

  it('keeps hours between minHours and maxHours', () => {
    expect(clampHours(service, 1)).toBe(2);
    expect(clampHours(service, 99)).toBe(6);
    expect(unitPrice(service, { hours: 99, quantity: 1, accessoryPrices: [] })).toBe(2000);
  });

  it('applies a fractional discount, and ignores a nonsensical one', () => {
    expect(discountedTotal(1000, 0.1)).toBe(900);
    expect(discountedTotal(1000, 10)).toBe(1000);
    expect(discountedTotal(1000, -0.5)).toBe(1000);
  });

  it('computes installments with the rate, rounded to the centavo', () => {
    expect(installmentAmount(1000, 0, 1)).toBe(1000);
    expect(installmentAmount(1000, 5.5, 3)).toBe(351.67);
  });

  it('computes a partner balance, rounded', () => {
    expect(dealBalance(1000, 10, 0.1)).toBe(90);
    expect(dealBalance(999, 7, 0)).toBe(70);
  });

  it('rounds exact halves up, whatever binary floats make of them', () => {
    // 31.5 and 3.5 exactly; in floats 31.499999999999996 and 3.4999999999999996.
    expect(dealBalance(1000, 4.5, 0.3)).toBe(32);
    expect(dealBalance(1000, 0.35, 0)).toBe(4);
    expect(dealBalance(1350, 10, 0.1)).toBe(122);
    expect(dealBalance(1349, 10, 0.1)).toBe(121);
  });
});
