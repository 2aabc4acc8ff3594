/**
 * A GTIN-8/12/13/14 with a valid check digit, digits only, or null. Accepts numbers, spaced or
 * hyphenated codes and GS1 digital link URLs ("https://id.gs1.org/01/<gtin>").
 */
export function normaliseGtin(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  let text = String(value).trim();
  const link = /\/01\/(\d{8,14})/.exec(text);
  if (link) text = link[1] as string;
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || ![8, 12, 13, 14].includes(digits.length)) return null;
  if (/^0+$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < digits.length - 1; i++) {
    const digit = Number(digits[digits.length - 2 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]) ? digits : null;
}
