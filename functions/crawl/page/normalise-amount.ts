import { currencyMinorUnits } from '#core/currency-minor-units';

/**
 * A decimal string in the currency's usual form: "1299.9" USD -> "1299.90", "34990.00" CLP ->
 * "34990". Digits beyond the minor unit are kept unless they are zeros, so no value is ever rounded.
 */
export function normaliseAmount(amount: string, currency: string | null): string | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) return null;
  const whole = (match[1] as string).replace(/^0+(?=\d)/, '');
  const minor = currencyMinorUnits(currency);
  let fraction = match[2] ?? '';
  if (fraction.length > minor) fraction = fraction.replace(/0+$/, '').padEnd(minor, '0');
  else fraction = fraction.padEnd(minor, '0');
  return fraction ? `${whole}.${fraction}` : whole;
}
