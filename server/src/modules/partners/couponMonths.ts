import type { CouponMonth, CouponReport } from '../../../../contract/wire';
import { dealBalance } from '../../../../contract/pricing';
import type { Queryable } from '../../platform/db/database';
import { DEAL_RATE_SQL } from './dealRate';

/** A month as the partner reads it: in Brazil, whatever the server's zone. */
const MONTH_IN_BRAZIL = (column: string) => `to_char(${column} AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM')`;

interface VisitRow {
  coupon: string;
  contract_title: string;
  month: string;
  visits: number;
}

interface OrderRow {
  coupon: string;
  contract_title: string;
  month: string;
  status: string;
  total: number;
  discount: number;
  rate: number;
}

type Report = { contractTitle: string; months: Map<string, CouponMonth> };

function monthOf(reports: Map<string, Report>, coupon: string, contractTitle: string, month: string): CouponMonth {
  const report = reports.get(coupon) ?? { contractTitle, months: new Map<string, CouponMonth>() };
  reports.set(coupon, report);
  const entry = report.months.get(month) ?? { month, visits: 0, orders: 0, paidOrders: 0, commission: 0 };
  report.months.set(month, entry);
  return entry;
}

/**
 * The partner's coupons at work (docs/product.md#deals), by month: the visitors who opened the shop
 * with each (once a day, couponVisits.ts), the orders placed with it in the month, those paid
 * (`approved`: a refunded or charged-back order is paid no longer), and the commission on the paid
 * ones, each deal's balance as the deals page shows it. Only coupons something happened with;
 * the newest month first, the coupon most recently at work first.
 */
export async function couponMonthsOf(db: Queryable, partner: string): Promise<CouponReport[]> {
  const [visits, orders] = await Promise.all([
    db.query<VisitRow>(
      `SELECT v.coupon, k.title AS contract_title, to_char(v.day, 'YYYY-MM') AS month, count(*)::int AS visits
         FROM coupon_visits v JOIN coupons c ON c.code = v.coupon JOIN contracts k ON k.id = c.contract_id
        WHERE k.partner = $1
        GROUP BY v.coupon, k.title, month`,
      [partner],
    ),
    db.query<OrderRow>(
      `SELECT o.coupon, k.title AS contract_title, ${MONTH_IN_BRAZIL('o.created_at')} AS month, o.status, o.total,
              o.discount, ${DEAL_RATE_SQL} AS rate
         FROM orders o JOIN coupons c ON c.code = o.coupon JOIN contracts k ON k.id = c.contract_id
        WHERE k.partner = $1`,
      [partner],
    ),
  ]);
  const reports = new Map<string, Report>();
  for (const row of visits.rows) monthOf(reports, row.coupon, row.contract_title, row.month).visits += row.visits;
  for (const row of orders.rows) {
    const entry = monthOf(reports, row.coupon, row.contract_title, row.month);
    entry.orders += 1;
    if (row.status !== 'approved') continue;
    entry.paidOrders += 1;
    entry.commission += dealBalance(row.total, row.rate, row.discount);
  }
  return [...reports]
    .map(([coupon, { contractTitle, months }]) => ({
      coupon,
      contractTitle,
      months: [...months.values()].sort((a, b) => b.month.localeCompare(a.month)),
    }))
    .sort((a, b) => b.months[0].month.localeCompare(a.months[0].month) || a.coupon.localeCompare(b.coupon));
}
