import { currencyMinorUnits } from '#core/currency-minor-units';
import type { ReferenceRates } from './reference-rates.ts';

/** value = units / 10^scale, exactly. */
interface Decimal {
  units: bigint;
  scale: number;
}

function parseDecimal(text: string): Decimal | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/** Units of `currency` per euro; the euro itself is 1 by definition, not a row of the table. */
function rateOf(rates: ReferenceRates, currency: string): Decimal | null {
  if (currency === rates.base) return { units: 1n, scale: 0 };
  const rate = rates.rates[currency];
  const parsed = rate === undefined ? null : parseDecimal(rate);
  return parsed && parsed.units > 0n ? parsed : null;
}

const TEN = 10n;

/** `units / 10^minor` as the interface writes money: fixed minor digits, no grouping. */
function formatMinor(units: bigint, minor: number): string {
  if (minor === 0) return units.toString();
  const digits = units.toString().padStart(minor + 1, '0');
  return `${digits.slice(0, -minor)}.${digits.slice(-minor)}`;
}

/**
 * A price converted between currencies through the euro, like the ECB's own cross rates:
 * price / rate(from) * rate(to), computed as one exact fraction in bigint and rounded once, half up,
 * to the target currency's minor units (0 for JPY and CLP, 3 for KWD). Null when the price is not a
 * decimal amount or either currency has no reference rate.
 */
export function convertPrice(price: string, from: string, to: string, rates: ReferenceRates): string | null {
  const amount = parseDecimal(price);
  const source = rateOf(rates, from);
  const target = rateOf(rates, to);
  if (!amount || !source || !target) return null;
  const minor = currencyMinorUnits(to);
  // amount/10^a * (t/10^ts) / (s/10^ss) * 10^minor = amount * t * 10^(ss+minor) / (s * 10^(a+ts))
  const numerator = amount.units * target.units * TEN ** BigInt(source.scale + minor);
  const denominator = source.units * TEN ** BigInt(amount.scale + target.scale);
  const quotient = numerator / denominator;
  const rounded = (numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient;
  return formatMinor(rounded, minor);
}
