import { currencyMinorUnits } from '#core/currency-minor-units';
import { currencyInText } from './currency-in-text.ts';
import { normaliseAmount } from './normalise-amount.ts';

export interface ParsedPrice {
  /** Exact decimal string in the currency's usual form. */
  amount: string;
  /** ISO 4217, or null when neither the text nor the context names one. */
  currency: string | null;
}

export interface PriceContext {
  /** The shop's country: decides what "$" or "kr" means. */
  country?: string | null;
  /** Currency assumed when the text names none. */
  currency?: string | null;
}

/**
 * Groups of three digits with one consistent separator and an optional decimal part ("1 299,90",
 * "1.299,90", "1,299.90", "1'299.90", "34.000"), or plain digits with an optional decimal part.
 */
const NUMBER = /(\d{1,3}(?:([ '’.,])\d{3})(?:\2\d{3})*(?!\d)(?:[.,]\d{1,2}(?!\d))?|\d+(?:[.,]\d+)?)(\s*%)?/g;

/**
 * Reads the first price in a text as shops print it, never through binary floats. The separators
 * are told apart by position and group size; a lone separator followed by exactly three digits is a
 * thousands separator unless the currency has three decimals.
 */
export function parsePrice(text: string, context: PriceContext = {}): ParsedPrice | null {
  const clean = text
    .replace(/[\u00a0\u202f\u2009\u2007]/g, ' ')
    .replace(/([.,])[-–—]+/g, '$1')
    // "119. 95", "130, 38 zł": cents set apart by a space; "35€ 99": the symbol standing for the point.
    .replace(/(\d)([.,]) (\d{2})(?!\d)/g, '$1$2$3')
    .replace(/(\d)\s?€\s?(\d{2})(?![\d.,])/g, '$1,$2 €')
    // "$.75": a fraction without the leading zero.
    .replace(/(^|[^\d.,])[.,](\d{1,2})(?![\d.,])/g, '$10.$2');
  const currency = currencyInText(clean, context.country) ?? context.currency ?? null;
  for (const match of clean.matchAll(NUMBER)) {
    if (match[3]) continue; // a percentage, not a price
    const amount = toDecimal(match[1] as string, match[2], currency);
    const normalised = amount === null ? null : normaliseAmount(amount, currency);
    if (normalised !== null) return { amount: normalised, currency };
  }
  return null;
}

function toDecimal(number: string, thousands: string | undefined, currency: string | null): string | null {
  if (thousands !== undefined) {
    const decimalAt = (offset: number): boolean => number.at(offset) === '.' || number.at(offset) === ',';
    const last = decimalAt(-3) ? number.length - 3 : decimalAt(-2) ? number.length - 2 : -1;
    const hasDecimals = last > 0 && number[last] !== thousands;
    // "12.500 KWD": a currency with three decimals makes a lone dot or comma the decimal point.
    if (!hasDecimals && currencyMinorUnits(currency) === 3 && /^\d+[.,]\d{3}$/.test(number))
      return number.replace(',', '.');
    const whole = (hasDecimals ? number.slice(0, last) : number).split(thousands).join('');
    return hasDecimals ? `${whole}.${number.slice(last + 1)}` : whole;
  }
  const separator = /[.,]/.exec(number);
  if (!separator) return number;
  const digitsAfter = number.length - separator.index - 1;
  if (digitsAfter === 3 && currencyMinorUnits(currency) !== 3) return number.replace(/[.,]/, '');
  return number.replace(/[.,]/, '.');
}
