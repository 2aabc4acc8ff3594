import { normaliseGtin } from '#core/normalise-gtin';

/**
 * A valid GTIN padded to 14 digits, so a UPC-A, its EAN-13 form with a leading zero and its GTIN-14
 * compare equal. Null for missing or invalid codes (a wrong check digit is no identifier).
 */
export function gtinKey(gtin: string | null): string | null {
  const digits = normaliseGtin(gtin);
  return digits ? digits.padStart(14, '0') : null;
}
