/**
 * The commission rate (percent) of an order `o` placed with a coupon of contract `k`: the
 * contract's, but 0 when the partner bought with its own coupon (by one of its accounts, signed in
 * or by that account's e-mail): a partner earns nothing on itself (docs/product.md#deals). A SQL
 * expression, shared by the deals and the coupons' months so both count the same commission.
 */
export const DEAL_RATE_SQL = `CASE WHEN EXISTS (
      SELECT 1 FROM accounts a
       WHERE a.partner = k.partner AND (a.uid = o.uid OR (a.email <> '' AND lower(a.email) = lower(o.email)))
    ) THEN 0 ELSE k.rate END`;
