import type { ShopProduct } from '../../../contract/wire';
import { clampHours, clampQuantity } from '../../../contract/pricing';

export interface CartLine {
  product: ShopProduct;
  hours: number;
  quantity: number;
  /** Ids of the chosen accessories. */
  accessoryIds: string[];
}

export interface CartState {
  coupon: string | null;
  discount: number;
  lines: CartLine[];
}

export const initialCartState: CartState = { coupon: null, discount: 0, lines: [] };

/**
 * A line for `product` with the choice brought within its bounds: hours and quantity clamped,
 * accessories it does not offer (or chosen twice) left out. Used when a stored cart is read back
 * and when the catalogue answers with newer product data.
 */
export function fitLine(
  product: ShopProduct,
  hours: number,
  quantity: number,
  accessoryIds: readonly string[],
): CartLine {
  const offered = new Set(product.accessories.map((a) => a.id));
  return {
    product,
    hours: clampHours(product, hours),
    quantity: clampQuantity(product, quantity),
    accessoryIds: [...new Set(accessoryIds)].filter((id) => offered.has(id)),
  };
}
