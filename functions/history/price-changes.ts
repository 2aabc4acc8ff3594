import type { Availability } from '#core/product-record';
import type { PriceObservation } from './price-observation.ts';

/** What moved for one product between two whole scrapes of a website. */
export const CHANGE_KINDS = [
  'PRICE_DOWN',
  'PRICE_UP',
  'OUT_OF_STOCK',
  'BACK_IN_STOCK',
  'NEW_PRODUCT',
  'PRODUCT_GONE',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface PriceChange {
  kind: ChangeKind;
  product_id: string;
  product_url: string;
  /** The price before and after (a price change: both, in `currency`); null where the scrape had none. */
  previous_price: string | null;
  current_price: string | null;
  currency: string | null;
  previous_availability: Availability | null;
  current_availability: Availability | null;
  /** A price change: current minus previous, as an exact decimal ("-10.00"). */
  price_change: string | null;
  /** A price change: relative to the previous price, in percent rounded to 2 decimals; null from a price of 0. */
  price_change_percent: number | null;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A decimal price as an integer of `scale` decimals, or null for a text that is not one. */
function scaled(price: string, scale: number): bigint | null {
  const match = DECIMAL.exec(price);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(scale, '0');
  return BigInt(`${match[1]}${fraction}`);
}

function formatScaled(value: bigint, scale: number): string {
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(scale + 1, '0');
  return scale === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Half away from zero, to 2 decimals. */
function percentOf(change: bigint, base: bigint): number | null {
  if (base === 0n) return null;
  const hundredths = (change * 20_000n + (change < 0n ? -base : base)) / (2n * base);
  return Number(hundredths) / 100;
}

/**
 * How far `value` lies from `base`, in percent of `base` rounded half away from zero to 2 decimals:
 * null when either is not a decimal price or `base` is 0.
 */
export function percentFrom(base: string, value: string): number | null {
  const scale = Math.max((base.split('.')[1] ?? '').length, (value.split('.')[1] ?? '').length);
  const from = scaled(base, scale);
  const to = scaled(value, scale);
  return from === null || to === null ? null : percentOf(to - from, from);
}

type PriceMove = Pick<PriceChange, 'price_change' | 'price_change_percent'> & { direction: -1 | 1 };

/** The move between two prices of one currency; null when either is missing or they are equal. */
function priceMove(before: PriceObservation, after: PriceObservation): PriceMove | null {
  if (before.price === null || after.price === null) return null;
  if (before.currency !== after.currency) return null;
  const scale = Math.max((before.price.split('.')[1] ?? '').length, (after.price.split('.')[1] ?? '').length);
  const from = scaled(before.price, scale);
  const to = scaled(after.price, scale);
  if (from === null || to === null || from === to) return null;
  const change = to - from;
  return {
    direction: change < 0n ? -1 : 1,
    price_change: formatScaled(change, scale),
    price_change_percent: percentOf(change, from),
  };
}

const isBuyable = (availability: Availability) => availability === 'IN_STOCK' || availability === 'PREORDER';

function stockMove(before: Availability, after: Availability): ChangeKind | null {
  if (before === 'OUT_OF_STOCK' && isBuyable(after)) return 'BACK_IN_STOCK';
  if (isBuyable(before) && after === 'OUT_OF_STOCK') return 'OUT_OF_STOCK';
  return null;
}

function changeOf(
  kind: ChangeKind,
  before: PriceObservation | null,
  after: PriceObservation | null,
  move: PriceMove | null = null,
): PriceChange {
  const shown = (after ?? before) as PriceObservation;
  return {
    kind,
    product_id: shown.product_id,
    product_url: shown.url,
    previous_price: before?.price ?? null,
    current_price: after?.price ?? null,
    currency: after?.currency ?? before?.currency ?? null,
    previous_availability: before?.availability ?? null,
    current_availability: after?.availability ?? null,
    price_change: move?.price_change ?? null,
    price_change_percent: move?.price_change_percent ?? null,
  };
}

/**
 * The changes from one whole scrape of a website to the next: per product a price move (a price
 * missing on either side or a change of currency is no move), a stock move (out of stock to in stock
 * or preorder, or back), a product only the newer scrape has, and one only the older has. A product
 * can have a price and a stock change at once. Ordered as the newer catalog, then the products gone
 * in the older one's order.
 */
export function computeChanges(
  previous: readonly PriceObservation[],
  current: readonly PriceObservation[],
): PriceChange[] {
  const before = new Map(previous.map((observation) => [observation.product_id, observation]));
  const seen = new Set<string>();
  const changes: PriceChange[] = [];
  for (const after of current) {
    if (seen.has(after.product_id)) continue;
    seen.add(after.product_id);
    const held = before.get(after.product_id);
    if (!held) {
      changes.push(changeOf('NEW_PRODUCT', null, after));
      continue;
    }
    const move = priceMove(held, after);
    if (move) changes.push(changeOf(move.direction < 0 ? 'PRICE_DOWN' : 'PRICE_UP', held, after, move));
    const stock = stockMove(held.availability, after.availability);
    if (stock) changes.push(changeOf(stock, held, after));
  }
  for (const held of before.values()) {
    if (!seen.has(held.product_id)) changes.push(changeOf('PRODUCT_GONE', held, null));
  }
  return changes;
}

/**
 * Whether a change passes a project's threshold: a price move of at least `minPercent` either way
 * (a move from a price of 0 always does); stock moves and products come and gone always pass.
 */
export function meetsThreshold(
  change: Pick<PriceChange, 'kind' | 'price_change_percent'>,
  minPercent: number | null,
): boolean {
  if (minPercent === null || (change.kind !== 'PRICE_DOWN' && change.kind !== 'PRICE_UP')) return true;
  return change.price_change_percent === null || Math.abs(change.price_change_percent) >= minPercent;
}
