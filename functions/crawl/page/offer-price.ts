import type { PriceContext } from './parse-price.ts';
import { type PriceRange, parsePriceRange } from './parse-price-range.ts';

/** An offer's price fields as structured data (JSON-LD, microdata) names them. */
export interface OfferPrices {
  /** The one price; when present (even unreadable) the offer is not a range. */
  price: unknown;
  /** An AggregateOffer's (or a price specification's) lowest and highest price. */
  low: unknown;
  high: unknown;
}

/**
 * The offer's price; an AggregateOffer's low price is the lowest of a range, kept with its high
 * price. `context` reads prices written the way a page shows them.
 */
export function offerPrice(prices: OfferPrices, context: PriceContext): PriceRange | null {
  if (prices.price !== undefined) return amountOf(prices.price, context);
  const low = amountOf(prices.low, context);
  if (!low) return null;
  const high = amountOf(prices.high, context);
  // A range whose top equals its bottom is one price.
  if (high && Number(high.amount) <= Number(low.amount)) return low;
  return { ...low, max: high?.amount ?? null, from: true };
}

function amountOf(value: unknown, context: PriceContext): PriceRange | null {
  const currency = context.currency ?? null;
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0
      ? { amount: String(value), currency, max: null, from: false }
      : null;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  // schema.org asks for a plain decimal with a dot; anything else is read the way the page would show it.
  if (/^\d+(\.\d+)?$/.test(text)) return { amount: text, currency, max: null, from: false };
  return parsePriceRange(text, context);
}
