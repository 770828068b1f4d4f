/**
 * Prices (docs/product.md#constants-and-limits), shared by the cart and by the server, which recomputes every order
 * from its own catalogue. Amounts are in reais; results are rounded to the centavo.
 */

export interface PricedProduct {
  type: string;
  price: number;
  pricePerHour: number;
  minHours: number;
  maxHours: number;
  maxQty: number;
}

export interface LineChoice {
  hours: number;
  quantity: number;
  accessoryPrices: readonly number[];
}

export const SERVICE = 'service';

export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Hours only count for services; bounded by the product's minimum and maximum. */
export function clampHours(product: PricedProduct, hours: number): number {
  return clamp(hours, product.minHours, Math.max(product.minHours, product.maxHours));
}

export function clampQuantity(product: PricedProduct, quantity: number): number {
  return clamp(quantity, 1, Math.max(1, product.maxQty));
}

/** Base price + hours above the minimum × price per hour (services) + the accessories' prices. */
export function unitPrice(product: PricedProduct, choice: LineChoice): number {
  const extraHours = product.type === SERVICE ? clampHours(product, choice.hours) - product.minHours : 0;
  const accessories = choice.accessoryPrices.reduce((sum, price) => sum + price, 0);
  return roundCents(product.price + extraHours * product.pricePerHour + accessories);
}

export function lineTotal(product: PricedProduct, choice: LineChoice): number {
  return roundCents(unitPrice(product, choice) * clampQuantity(product, choice.quantity));
}

/** A discount is a fraction between 0 and 1; anything else counts as no discount. */
export function normaliseDiscount(discount: number): number {
  return Number.isFinite(discount) && discount > 0 && discount < 1 ? discount : 0;
}

export function discountedTotal(total: number, discount: number): number {
  return roundCents(total * (1 - normaliseDiscount(discount)));
}

/** Installment amount = total × (1 + rate/100) ÷ installment count. */
export function installmentAmount(total: number, ratePercent: number, installments: number): number {
  return roundCents((total * (1 + ratePercent / 100)) / Math.max(1, installments));
}

/** A partner's balance on a deal = total × commission rate × (1 − discount), rounded. */
export function dealBalance(total: number, ratePercent: number, discount: number): number {
  const exact = total * (ratePercent / 100) * (1 - normaliseDiscount(discount));
  // Binary floats land exact halves just below them (1000 x 4.5 % x 0.7 = 31.499999999999996):
  // eight decimals are more than money has, and drop that noise before rounding.
  return Math.round(Number(exact.toFixed(8)));
}
