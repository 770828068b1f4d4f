import type { OrderLine, ShopProduct } from '../../../../contract/wire';
import { discountedTotal, lineTotal, roundCents, unitPrice } from '../../../../contract/pricing';
import type { Queryable } from '../../platform/db/database';
import { invalid } from '../../platform/errors';

interface ProductRow {
  id: string;
  name: string;
  type: string;
  mode: string | null;
  image: string;
  price: number;
  price_per_hour: number;
  min_hours: number;
  max_hours: number;
  max_qty: number;
  details: Record<string, string>;
  disclaimer: string;
  accessories: { id: string; name: string; image: string; price: number }[];
}

export interface CatalogueProduct extends ShopProduct {
  mode: string | null;
}

const DETAIL_KEYS = [
  'descTitle1',
  'descTitle2',
  'descTitle3',
  'descText1',
  'descText2',
  'descText3',
  'descPic1',
  'descPic2',
  'descPic3',
] as const;

export async function loadCatalogue(db: Queryable): Promise<CatalogueProduct[]> {
  const { rows } = await db.query<ProductRow>(
    `SELECT p.*, COALESCE(
        (SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'image', a.image, 'price', a.price) ORDER BY
          a.position, a.id)
           FROM accessories a WHERE a.product_id = p.id), '[]') AS accessories
       FROM products p WHERE p.active ORDER BY p.position, p.id`,
  );
  return rows.map((row) => {
    const details = Object.fromEntries(DETAIL_KEYS.map((key) => [key, String(row.details?.[key] ?? '')])) as Record<
      (typeof DETAIL_KEYS)[number],
      string
    >;
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      mode: row.mode,
      image: row.image,
      price: row.price,
      pricePerHour: row.price_per_hour,
      minHours: row.min_hours,
      maxHours: row.max_hours,
      maxQty: row.max_qty,
      accessories: row.accessories.map((a) => ({ ...a, price: Number(a.price) })),
      ...details,
      disclaimer: row.disclaimer,
    };
  });
}

export interface CouponRow {
  code: string;
  discount: number;
  expires_at: Date | null;
  contract_id: number | null;
  partner: string | null;
  rate: number | null;
}

/** A coupon that exists and has not expired, with its partner's contract when it has one. */
export async function findValidCoupon(db: Queryable, code: string): Promise<CouponRow | null> {
  const { rows } = await db.query<CouponRow>(
    `SELECT c.code, c.discount, c.expires_at, c.contract_id, k.partner, k.rate
       FROM coupons c LEFT JOIN contracts k ON k.id = c.contract_id
      WHERE c.code = $1 AND (c.expires_at IS NULL OR c.expires_at > now())`,
    [code],
  );
  return rows[0] ?? null;
}

/** A line as the server priced it: every figure from our catalogue. */
interface PricedLine {
  id: string;
  name: string;
  type: string;
  hours: number;
  quantity: number;
  selectedAccessories: { name: string; price: number }[];
  unitPrice: number;
  totalPrice: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  total: number;
  discount: number;
  discountedTotal: number;
  modes: string[];
}

/**
 * Prices an order from our catalogue and coupon. The client's prices are ignored; its choices
 * (product, hours, quantity, accessories) must be ones the catalogue allows, or the order is
 * refused with the reason.
 */
export function priceOrder(catalogue: CatalogueProduct[], requested: OrderLine[], discount: number): PricedOrder {
  if (requested.length === 0) throw invalid('empty_order', 'O pedido não tem produtos.');
  const seen = new Set<string>();
  const modes = new Set<string>();
  const lines = requested.map((line): PricedLine => {
    const product = catalogue.find((p) => p.id === line.id);
    if (!product) throw invalid('unknown_product', `Produto desconhecido: ${String(line.id).slice(0, 64)}`);
    if (seen.has(product.id)) throw invalid('duplicate_product', `Produto repetido: ${product.name}`);
    seen.add(product.id);
    const isService = product.type === 'service';
    const hours = isService ? line.hours : 0;
    if (
      hours === undefined ||
      !Number.isInteger(hours) ||
      (isService && (hours < product.minHours || hours > product.maxHours))
    ) {
      throw invalid('invalid_hours', `${product.name}: escolha entre ${product.minHours} e ${product.maxHours} horas.`);
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > product.maxQty) {
      throw invalid('invalid_quantity', `${product.name}: quantidade entre 1 e ${product.maxQty}.`);
    }
    const accessories = (line.selectedAccessories ?? []).map((chosen) => {
      const accessory = product.accessories.find((a) => a.name === chosen.name);
      if (!accessory) throw invalid('unknown_accessory', `Acessório desconhecido: ${String(chosen.name).slice(0, 64)}`);
      return { name: accessory.name, price: accessory.price };
    });
    if (new Set(accessories.map((a) => a.name)).size !== accessories.length) {
      throw invalid('duplicate_accessory', `${product.name}: acessório repetido.`);
    }
    if (product.mode) modes.add(product.mode);
    const choice = { hours, quantity: line.quantity, accessoryPrices: accessories.map((a) => a.price) };
    return {
      id: product.id,
      name: product.name,
      type: product.type,
      hours: choice.hours,
      quantity: line.quantity,
      selectedAccessories: accessories,
      unitPrice: unitPrice(product, choice),
      totalPrice: lineTotal(product, choice),
    };
  });
  const total = roundCents(lines.reduce((sum, line) => sum + line.totalPrice, 0));
  return { lines, total, discount, discountedTotal: discountedTotal(total, discount), modes: [...modes] };
}
