import { type ParsedPrice, type PriceContext, parsePrice } from './parse-price.ts';

/** A shown price that may be the lowest of several: "12,99 € – 18,99 €", "from £12.99". */
export interface PriceRange extends ParsedPrice {
  /** The highest price of a range; null for one price or a "from" price that names no top. */
  max: string | null;
  /** Whether `amount` is the lowest of several prices (a range or a "from" price). */
  from: boolean;
}

/** Words before a price that make it the lowest of several, in the shop languages. */
const FROM_WORD =
  /(?:^|[^\p{L}])(?:from|starting at|as low as|ab|à partir de|dès|desde|a partir de|a partire da|da|vanaf|från|fra|od|от|nuo|alates)(?![\p{L}])/iu;
/** Two amounts joined by a dash, a tilde or a "to" word; each side short enough to be one price. */
const TWO_PRICES =
  /^([^\d]{0,20}\d[\d\s.,'’]*[^\d]{0,8}?)\s*(?:[-–—~]|(?<!\p{L})(?:to|bis|až|do|hasta|à|a|al|tot|till|til)(?!\p{L}))\s*([^\d]{0,8}\d[\d\s.,'’]*[^\d]{0,12})$/iu;

/**
 * Reads a shown price as the lowest of a range or a "from" price where the text says so, else as
 * the one price `parsePrice` reads. A second amount counts as the top of a range only when it is
 * higher and in the same currency ("12,99 € – 20 %" is a price and a saving, not a range).
 */
export function parsePriceRange(text: string, context: PriceContext = {}): PriceRange | null {
  const first = parsePrice(text, context);
  if (!first) return null;
  const firstDigit = text.search(/\d/);
  const from = FROM_WORD.test(text.slice(0, firstDigit));
  const pair = /\d.*\D.*\d/su.test(text) ? TWO_PRICES.exec(text.replace(/([.,])[-–—]+/g, '$1')) : null;
  if (pair) {
    const low = parsePrice(pair[1] as string, context);
    const high = parsePrice(pair[2] as string, { ...context, currency: low?.currency ?? context.currency });
    if (
      low &&
      high &&
      (low.currency === null || high.currency === null || low.currency === high.currency) &&
      Number(high.amount) > Number(low.amount)
    )
      return { amount: low.amount, currency: low.currency ?? high.currency, max: high.amount, from: true };
  }
  return { ...first, max: null, from };
}
