import type { PriceUnit } from '#core/product-record';

/** An exact amount, numerator over denominator, so no quantity passes through a binary float. */
export interface Rational {
  num: bigint;
  den: bigint;
}

/** How much of a product one offer sells, in one of the unit-price units ("12 × 330 ml" is 99/25 l). */
export interface Quantity {
  amount: Rational;
  unit: PriceUnit;
  /** How many pieces make up the offer: 12 for "12 × 330 ml" and a "4-pack", 1 for "1 kg". */
  pieces: bigint;
}

interface UnitWord {
  pattern: string;
  unit: Exclude<PriceUnit, 'piece'>;
  /** The size of one of it in `unit`. */
  factor: Rational;
  /** A unit so small that "1.000 g" or "1,000 ml" means a thousand of it, not one. */
  small?: true;
  /** Matched in this case only: "5G" is a network, "M" a size. */
  caseSensitive?: true;
}

const r = (num: bigint | number, den: bigint | number = 1n): Rational => ({
  num: BigInt(num),
  den: BigInt(den),
});

// The avoirdupois pound is exactly 0.45359237 kg; the US fluid ounce exactly 29.5735295625 ml.
const POUND = r(45_359_237n, 100_000_000n);
const UNIT_WORDS: readonly UnitWord[] = [
  { pattern: 'kg|kgs|kilos?|kilogram(?:me)?s?', unit: 'kg', factor: r(1) },
  { pattern: 'mg|milligram(?:me)?s?', unit: 'kg', factor: r(1, 1_000_000), small: true },
  { pattern: 'grams?|grammes?|gramm|gr', unit: 'kg', factor: r(1, 1000), small: true },
  { pattern: 'g', unit: 'kg', factor: r(1, 1000), small: true, caseSensitive: true },
  { pattern: 'lbs?|pounds?', unit: 'kg', factor: POUND },
  { pattern: 'fl\\.?\\s?oz', unit: 'l', factor: r(295_735_295_625n, 10_000_000_000_000n) },
  { pattern: 'oz|ounces?', unit: 'kg', factor: r(POUND.num, POUND.den * 16n) },
  { pattern: 'ml|millilit(?:er|re)s?', unit: 'l', factor: r(1, 1000), small: true },
  { pattern: 'cl', unit: 'l', factor: r(1, 100), small: true },
  { pattern: 'dl', unit: 'l', factor: r(1, 10) },
  { pattern: 'l|ltrs?|lit(?:er|re)s?|liter', unit: 'l', factor: r(1) },
  { pattern: 'm²|m2|sqm|qm', unit: 'm2', factor: r(1) },
  { pattern: 'mm', unit: 'm', factor: r(1, 1000), small: true, caseSensitive: true },
  { pattern: 'cm', unit: 'm', factor: r(1, 100), small: true, caseSensitive: true },
  { pattern: 'm|meters?|metres?', unit: 'm', factor: r(1), caseSensitive: true },
  { pattern: 'ft|feet', unit: 'm', factor: r(3048, 10_000) },
];

/** A number as shops write one before a unit: 500, 1,5, 0.5, 1.000, 1/2, ½, 1½. */
const NUMBER = '\\d+(?:[.,]\\d+)?|\\d+\\s*/\\s*\\d+|\\d*\\s*[½¼¾⅓⅔⅛]';
/** Not inside a word or a longer number ("A4", "3.5.1"). */
const BEFORE = '(?<![\\p{L}\\p{N}.,/])';
const AFTER = '(?![\\p{L}\\p{N}])';
const TIMES = '\\s*[x×X*]\\s*';

// Case-insensitive words first, then the case-sensitive ones; one alternation each keeps it one pass.
const unitGroup = (words: readonly UnitWord[]) => words.map((word) => word.pattern).join('|');
const MEASURE_INSENSITIVE = new RegExp(
  `${BEFORE}(?:(\\d{1,3})${TIMES})?(${NUMBER})\\s*(${unitGroup(UNIT_WORDS.filter((w) => !w.caseSensitive))})\\.?${AFTER}`,
  'giu',
);
const MEASURE_SENSITIVE = new RegExp(
  `${BEFORE}(?:(\\d{1,3})${TIMES})?(${NUMBER})\\s*(${unitGroup(UNIT_WORDS.filter((w) => w.caseSensitive))})${AFTER}`,
  'gu',
);
/** "a × b cm": a surface, not a pack of b-centimetre things. */
const SURFACE = new RegExp(`${BEFORE}(${NUMBER})${TIMES}(${NUMBER})\\s*(mm|cm|m)${AFTER}`, 'u');
const PACK_WORDS =
  'pack|pk|er[- ]?pack|er[- ]?set|pcs|pc|pieces?|stück|stk|ks|kusů|szt|count|tablets|tabs|capsules|kapseln';
const PACK = new RegExp(
  `${BEFORE}(\\d{1,4})\\s*[-‐]?\\s*(?:${PACK_WORDS})\\.?${AFTER}|(?:pack|set|box|case) of (\\d{1,4})${AFTER}`,
  'iu',
);

const FRACTIONS: Record<string, Rational> = {
  '½': r(1, 2),
  '¼': r(1, 4),
  '¾': r(3, 4),
  '⅓': r(1, 3),
  '⅔': r(2, 3),
  '⅛': r(1, 8),
};

/**
 * The quantity a product name (or a variant's label) states, exactly: "500 g", "1,5 l",
 * "12 × 330 ml", "2 x 0,5 l", "1/2 lb", "½ l", "0.5kg", "1.000 g", "4-pack", "2 m", "30 × 40 cm".
 * A measure and a pack count together ("6-pack 330 ml") are the pack's total. Null where the text
 * states none ("XL", "iPhone 15 5G"). The first measure counts: a name rarely states two.
 */
export function parseQuantity(text: string): Quantity | null {
  const surface = SURFACE.exec(text);
  if (surface) {
    const unit = unitWord(surface[3] as string) as UnitWord;
    const a = readNumber(surface[1] as string, unit.small === true);
    const b = readNumber(surface[2] as string, unit.small === true);
    if (a && b)
      return positive({
        amount: times(times(a, b), times(unit.factor, unit.factor)),
        unit: 'm2',
        pieces: 1n,
      });
  }
  const measure = firstMeasure(text);
  const pack = PACK.exec(text);
  const count = pack ? BigInt((pack[1] ?? pack[2]) as string) : null;
  if (measure) {
    const { quantity, multiplied } = measure;
    return positive(
      count !== null && !multiplied
        ? { ...quantity, amount: times(quantity.amount, r(count)), pieces: count }
        : quantity,
    );
  }
  return count === null ? null : positive({ amount: r(count), unit: 'piece', pieces: count });
}

/** The texts a product's quantity is read from: a variant's labels ("500 g") before the page's name. */
export const quantityTexts = (product: {
  name: string | null;
  variant_attributes?: Readonly<Record<string, string>> | null;
}): (string | null)[] => [...Object.values(product.variant_attributes ?? {}), product.name];

/** The quantity the first of `texts` that states one states; null when none does. */
export function statedQuantity(texts: readonly (string | null)[]): Quantity | null {
  for (const text of texts) {
    const quantity = text ? parseQuantity(text) : null;
    if (quantity) return quantity;
  }
  return null;
}

function firstMeasure(text: string): { quantity: Quantity; multiplied: boolean } | null {
  const found = [...text.matchAll(MEASURE_INSENSITIVE), ...text.matchAll(MEASURE_SENSITIVE)].sort(
    (a, b) => (a.index ?? 0) - (b.index ?? 0),
  );
  for (const match of found) {
    const word = unitWord(match[3] as string);
    if (!word) continue;
    const amount = readNumber(match[2] as string, word.small === true);
    if (!amount) continue;
    const pieces = match[1] ? BigInt(match[1]) : 1n;
    return {
      quantity: { amount: times(times(amount, word.factor), r(pieces)), unit: word.unit, pieces },
      multiplied: match[1] !== undefined,
    };
  }
  return null;
}

function unitWord(written: string): UnitWord | undefined {
  return UNIT_WORDS.find((word) =>
    new RegExp(`^(?:${word.pattern})$`, word.caseSensitive ? 'u' : 'iu').test(written),
  );
}

/**
 * "1,5" and "0.5" are decimals; "1.000" and "1,000" before a small unit (g, ml, mm) are a thousand,
 * since nobody weighs a product to the milligram in its name, while "1.500 kg" stays one and a half.
 */
function readNumber(written: string, small: boolean): Rational | null {
  const text = written.replace(/\s+/g, '');
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction)
    return BigInt(fraction[2] as string) === 0n
      ? null
      : r(BigInt(fraction[1] as string), BigInt(fraction[2] as string));
  const vulgar = /^(\d*)([½¼¾⅓⅔⅛])$/u.exec(text);
  if (vulgar) {
    const part = FRACTIONS[vulgar[2] as string] as Rational;
    return add(r(BigInt(vulgar[1] || '0')), part);
  }
  const decimal = /^(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!decimal) return null;
  const whole = decimal[1] as string;
  const digits = decimal[2];
  if (digits === undefined) return r(BigInt(whole));
  if (small && digits.length === 3 && whole.length <= 3 && !/^0+$/.test(whole))
    return r(BigInt(whole + digits));
  return r(BigInt(whole + digits), 10n ** BigInt(digits.length));
}

function positive(quantity: Quantity): Quantity | null {
  return quantity.amount.num > 0n ? quantity : null;
}

function times(a: Rational, b: Rational): Rational {
  return { num: a.num * b.num, den: a.den * b.den };
}

function add(a: Rational, b: Rational): Rational {
  return { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}
