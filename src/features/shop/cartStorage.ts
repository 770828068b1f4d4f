import type { ShopAccessory, ShopProduct } from '../../../contract/wire';
import { normaliseDiscount } from '../../../contract/pricing';
import { fitLine, initialCartState, type CartLine, type CartState } from './cartState';

/**
 * The cart outlives the page (a reload, a trip to the login page and back, /checkout opened
 * afresh): it is kept whole in local storage under one versioned key. A stored value is read
 * back field by field; anything malformed is left out, and a malformed whole is an empty cart.
 */
export const CART_STORAGE_KEY = 'cabine.cart.v1';

/** The most lines a cart holds (an order takes at most 50). */
const MAX_LINES = 50;

export type CartStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The browser's local storage, or null where there is none (pre-rendering) or it is refused. */
export function browserStorage(): CartStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

const TEXT_FIELDS = [
  'id',
  'name',
  'type',
  'image',
  'descTitle1',
  'descTitle2',
  'descTitle3',
  'descText1',
  'descText2',
  'descText3',
  'descPic1',
  'descPic2',
  'descPic3',
  'disclaimer',
] as const;
const NUMBER_FIELDS = ['price', 'pricePerHour', 'minHours', 'maxHours', 'maxQty'] as const;

function readAccessory(value: unknown): ShopAccessory | null {
  if (!isRecord(value) || !isText(value.id) || !isText(value.name) || !isText(value.image) || !isAmount(value.price))
    return null;
  return { id: value.id, name: value.name, image: value.image, price: value.price };
}

function readProduct(value: unknown): ShopProduct | null {
  if (!isRecord(value) || !Array.isArray(value.accessories)) return null;
  if (!TEXT_FIELDS.every((key) => isText(value[key])) || !NUMBER_FIELDS.every((key) => isAmount(value[key])))
    return null;
  const accessories = value.accessories.map(readAccessory);
  if (accessories.some((a) => a === null) || value.id === '') return null;
  const texts = Object.fromEntries(TEXT_FIELDS.map((key) => [key, value[key]])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((key) => [key, value[key]])) as Record<
    (typeof NUMBER_FIELDS)[number],
    number
  >;
  return { ...texts, ...numbers, accessories: accessories as ShopAccessory[] };
}

function readLine(value: unknown): CartLine | null {
  if (!isRecord(value)) return null;
  const product = readProduct(value.product);
  if (
    !product ||
    typeof value.hours !== 'number' ||
    typeof value.quantity !== 'number' ||
    !Array.isArray(value.accessoryIds)
  )
    return null;
  return fitLine(product, value.hours, value.quantity, value.accessoryIds.filter(isText));
}

/** A stored cart as the slice holds it; the empty cart for anything that is not one. */
export function parseStoredCart(raw: string | null | undefined): CartState {
  if (!raw) return initialCartState;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return initialCartState;
  }
  if (!isRecord(value) || !Array.isArray(value.lines)) return initialCartState;
  const coupon = isText(value.coupon) && value.coupon !== '' ? value.coupon : null;
  const discount = typeof value.discount === 'number' ? normaliseDiscount(value.discount) : 0;
  const lines: CartLine[] = [];
  for (const line of value.lines.map(readLine)) {
    if (line && lines.length < MAX_LINES && !lines.some((l) => l.product.id === line.product.id)) lines.push(line);
  }
  return { coupon, discount, lines };
}

export function readStoredCart(storage: CartStorage | null): CartState {
  try {
    return parseStoredCart(storage?.getItem(CART_STORAGE_KEY));
  } catch {
    return initialCartState;
  }
}

export function writeStoredCart(storage: CartStorage | null, cart: CartState): void {
  const { coupon, discount, lines } = cart;
  try {
    storage?.setItem(CART_STORAGE_KEY, JSON.stringify({ coupon, discount, lines }));
  } catch {
    // Full or refused: the cart still lives in memory for this visit.
  }
}
