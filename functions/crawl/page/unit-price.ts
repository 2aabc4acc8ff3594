import type { PriceUnit } from '#core/product-record';
import { type Quantity, statedQuantity } from './parse-quantity.ts';

export interface UnitPrice {
  /** Exact decimal string with as many decimals as the price, rounded half-up once. */
  unit_price: string;
  unit: PriceUnit;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * The price per kg, l, m, m2 or piece of a product whose name or variant labels state a quantity
 * (the first text stating one counts); null when none does or the product has no price. The price
 * is divided exactly as a fraction and rounded once, half-up, to the price's own decimals
 * (1.99 for 12 × 330 ml is 0.50 per litre; 298 JPY for 500 g is 596 per kg).
 */
export function unitPrice(price: string | null, texts: readonly (string | null)[]): UnitPrice | null {
  if (price === null) return null;
  const quantity = statedQuantity(texts);
  return quantity && priceOf(price, quantity);
}

function priceOf(price: string, quantity: Quantity): UnitPrice | null {
  const decimal = DECIMAL.exec(price);
  if (!decimal) return null;
  const digits = decimal[2] ?? '';
  const cents = BigInt((decimal[1] as string) + digits);
  // price / amount = (cents / scale) / (num / den), kept in the price's decimals: cents × den / num.
  const numerator = cents * quantity.amount.den;
  const denominator = quantity.amount.num;
  const whole = numerator / denominator;
  const rounded = (numerator % denominator) * 2n >= denominator ? whole + 1n : whole;
  const text = rounded.toString().padStart(digits.length + 1, '0');
  const unit_price =
    digits.length === 0 ? text : `${text.slice(0, -digits.length)}.${text.slice(-digits.length)}`;
  return { unit_price, unit: quantity.unit };
}
