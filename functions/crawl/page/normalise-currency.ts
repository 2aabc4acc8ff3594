/** Codes that shops still print for a currency that has another ISO 4217 code now. */
const RENAMED: Record<string, string> = { RUR: 'RUB', BYR: 'BYN', UKR: 'UAH' };

/** An ISO 4217 code from a currency value as a page writes it ("pln", "RUR"); null when it is not one. */
export function normaliseCurrency(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{3}$/.test(code)) return null;
  return RENAMED[code] ?? code;
}
