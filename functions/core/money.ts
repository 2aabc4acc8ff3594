/**
 * Exact money as integer cents. Amounts never pass through binary floats: decimal strings are parsed
 * digit by digit, products with rationals are computed in bigint and rounded once.
 *
 * `Cents` is a branded safe integer so a count of products or a euro amount cannot be passed where
 * cents are meant; values from storage or a provider enter through `asCents`.
 */
export type Cents = number & { readonly __unit: 'cents' };

export type InvalidMoneyReason = 'FORMAT' | 'PRECISION' | 'NEGATIVE' | 'RANGE';

export class InvalidMoney extends Error {
  constructor(
    readonly reason: InvalidMoneyReason,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidMoney';
  }
}

export const ZERO_CENTS = 0 as Cents;

const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function fromBigInt(value: bigint): Cents {
  if (value > MAX_CENTS || value < -MAX_CENTS) {
    throw new InvalidMoney('RANGE', 'The amount is too large.');
  }
  return Number(value) as Cents;
}

/** Accepts a whole number of cents from storage, a provider or arithmetic on counts. */
export function asCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) {
    throw new InvalidMoney('RANGE', `${value} is not a whole number of cents.`);
  }
  return value as Cents;
}

/**
 * Parses a decimal amount with at most two decimals, given as a string ("12", "12.5", "12.50") or
 * as a JSON number. A number is read through its shortest round-trip text, so 0.1 is accepted and
 * 0.30000000000000004 is refused for its precision rather than silently rounded.
 */
export function parseMoney(input: string | number, options: { allowNegative?: boolean } = {}): Cents {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new InvalidMoney('FORMAT', 'The amount must be a finite number.');
    text = String(input);
    // Exponent notation only appears for magnitudes at or beyond 1e21 or below 1e-6.
    if (text.includes('e')) {
      throw Math.abs(input) >= 1
        ? new InvalidMoney('RANGE', 'The amount is too large.')
        : new InvalidMoney('PRECISION', 'The amount may have at most 2 decimals.');
    }
  } else {
    text = input;
  }
  const match = DECIMAL.exec(text);
  if (!match) throw new InvalidMoney('FORMAT', 'The amount must be a decimal number such as 12.50.');
  const [, sign = '', whole = '', fraction = ''] = match;
  if (fraction.length > 2) throw new InvalidMoney('PRECISION', 'The amount may have at most 2 decimals.');
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (sign === '-' && magnitude !== 0n && !options.allowNegative) {
    throw new InvalidMoney('NEGATIVE', 'The amount must not be negative.');
  }
  return fromBigInt(sign === '-' ? -magnitude : magnitude);
}

/** The decimal string of the interface: always two decimals, no grouping, "-" for negatives. */
export function formatMoney(amount: Cents): string {
  const magnitude = Math.abs(amount);
  const whole = Math.trunc(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}${whole}.${fraction}`;
}

export function addMoney(a: Cents, b: Cents): Cents {
  return fromBigInt(BigInt(a) + BigInt(b));
}

export function subtractMoney(a: Cents, b: Cents): Cents {
  return fromBigInt(BigInt(a) - BigInt(b));
}

export function sumMoney(amounts: Iterable<Cents>): Cents {
  let total = 0n;
  for (const amount of amounts) total += BigInt(amount);
  return fromBigInt(total);
}

export function compareMoney(a: Cents, b: Cents): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function minMoney(a: Cents, b: Cents): Cents {
  return a <= b ? a : b;
}

export function maxMoney(a: Cents, b: Cents): Cents {
  return a >= b ? a : b;
}

/**
 * amount × numerator / denominator, rounded to the cent once, half-up (ties away from zero, the
 * commercial rule). Computing the exact product first is what makes the rounding happen only once:
 * 1001 products at 3.50 per 1000 is 350.35 cents -> 350, not a rounded unit price times a count.
 */
export function multiplyMoney(
  amount: Cents,
  numerator: number | bigint,
  denominator: number | bigint,
): Cents {
  const num = BigInt(numerator);
  const den = BigInt(denominator);
  if (den <= 0n) throw new RangeError('The denominator must be a positive integer.');
  const product = BigInt(amount) * num;
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const quotient = magnitude / den;
  const rounded = (magnitude % den) * 2n >= den ? quotient + 1n : quotient;
  return fromBigInt(negative ? -rounded : rounded);
}
