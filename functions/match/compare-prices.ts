import type { ProductFeatures } from './describe-product.ts';

/** Prices within this factor of each other say nothing: shops price one product that differently. */
const freeRatio = 1.5;
/**
 * How strongly a wider gap lowers the assignment score: by (freeRatio / ratio) ** gapExponent, so
 * prices 3× apart cost 16 % and 6× apart 29 %. A gap leans the choice between look-alikes (an
 * academic or upgrade edition, a pack of twelve) towards the one priced alike; it vetoes nothing,
 * as a marketplace seller or a stale price can be far off.
 */
const gapExponent = 0.25;

/**
 * How many times the higher price is the lower, rounded to two decimals: null where either has no
 * price, a "from" price (the lowest of a range) or another currency (no exchange rates are read).
 */
export function priceRatio(a: ProductFeatures, b: ProductFeatures): number | null {
  if (a.price === null || b.price === null || a.currency !== b.currency) return null;
  return Math.round((100 * Math.max(a.price, b.price)) / Math.min(a.price, b.price)) / 100;
}

/** What a price gap leaves of the assignment score, 0..1: 1 within `freeRatio`. */
export function priceFactor(ratio: number | null): number {
  return ratio === null || ratio <= freeRatio ? 1 : (freeRatio / ratio) ** gapExponent;
}

/** The two are priced far apart: above `freeRatio`, where the gap lowers the score. */
export function pricesApart(ratio: number | null | undefined): ratio is number {
  return ratio != null && ratio > freeRatio;
}
