import type { Queryable } from '../../platform/db/database';

/**
 * The shop opened with a partner's coupon: one visit per visitor, coupon and day in Brazil
 * (docs/product.md#deals). Kept as a digest of the day, the coupon and the agent, never the agent
 * (docs/privacy.md#what-is-kept-and-for-how-long), so a row counts a visitor once that day and follows nobody. A
 * visitor opening it again that day (a reload, the checkout) adds nothing.
 */
export async function recordCouponVisit(db: Queryable, coupon: string, agent: string): Promise<void> {
  await db.query(
    `INSERT INTO coupon_visits (coupon, day, visitor)
     SELECT $1, d.day, encode(sha256(convert_to(d.day::text || ':' || $1 || ':' || $2, 'UTF8')), 'hex')
       FROM (SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date AS day) d
     ON CONFLICT DO NOTHING`,
    [coupon, agent],
  );
}
