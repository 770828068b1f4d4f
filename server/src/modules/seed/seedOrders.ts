import type { Queryable } from '../../platform/db/database';
import type { SeedFile } from './seedFormat';
import { loadCatalogue, priceOrder } from '../commerce';

/**
 * Adds a seed's orders that are not there yet, priced from the catalogue as it stands (load the
 * seed's products first) with their coupon's discount; answers how many it added.
 */
export async function writeSeedOrders(db: Queryable, orders: NonNullable<SeedFile['orders']>): Promise<number> {
  let added = 0;
  const catalogue = await loadCatalogue(db);
  for (const order of orders) {
    const exists = await db.query('SELECT 1 FROM orders WHERE order_id = $1', [order.orderId]);
    if (exists.rowCount) continue;
    const coupon = await db.query<{ discount: number }>('SELECT discount FROM coupons WHERE code = $1', [order.coupon]);
    if (!coupon.rows[0]) throw new Error(`order ${order.orderId}: unknown coupon ${order.coupon}`);
    const priced = priceOrder(
      catalogue,
      order.products.map((p) => {
        const product = catalogue.find((c) => c.id === p.id);
        return {
          id: p.id,
          name: product?.name ?? '',
          type: product?.type ?? '',
          hours: p.hours ?? product?.minHours ?? 0,
          quantity: p.quantity ?? 1,
          selectedAccessories: (p.accessories ?? []).map((name) => ({ name, price: 0 })),
          unitPrice: 0,
          totalPrice: 0,
        };
      }),
      coupon.rows[0].discount,
    );
    await db.query(
      `INSERT INTO orders (order_id, coupon, uid, client_name, email, cpf, event_name, event_date, event_time,
        payment_method,
                           lines, total, discount, discounted_total, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        order.orderId,
        order.coupon,
        order.uid ?? null,
        order.clientName,
        order.email.toLowerCase(),
        order.cpf,
        order.eventName,
        order.eventDate,
        order.eventTime,
        order.paymentMethod,
        JSON.stringify(priced.lines),
        priced.total,
        priced.discount,
        priced.discountedTotal,
        order.status,
      ],
    );
    added += 1;
  }
  return added;
}
