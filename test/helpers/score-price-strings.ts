import { readFileSync } from 'node:fs';

export interface PriceStringCase {
  id: string;
  input: string | null;
  currency_hint: string | null;
  /** Exact decimal, or null when the text holds no price. */
  amount: string | null;
  currency_candidates: string[];
}

export interface PriceStringReading {
  amount: string | null;
  currency: string | null;
}

export interface PriceStringScore {
  amountRight: number;
  /** Cases whose symbol maps to ISO codes, and how many of them got one of those codes. */
  currencyRight: number;
  currencyScored: number;
  cases: number;
  misses: { input: string | null; expected: string | null; actual: string | null }[];
}

export function loadPriceStrings(): PriceStringCase[] {
  const file = new URL('../../data/extraction/price-strings.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { cases: PriceStringCase[] }).cases;
}

/** Amounts compare numerically ("45" equals "45.00") but exactly, never through floats. */
export function scorePriceStrings(
  cases: readonly PriceStringCase[],
  read: (input: string, hint: string | null) => PriceStringReading,
): PriceStringScore {
  const score: PriceStringScore = {
    amountRight: 0,
    currencyRight: 0,
    currencyScored: 0,
    cases: cases.length,
    misses: [],
  };
  for (const item of cases) {
    const reading =
      item.input === null ? { amount: null, currency: null } : read(item.input, item.currency_hint);
    if (sameAmount(item.amount, reading.amount)) score.amountRight++;
    else score.misses.push({ input: item.input, expected: item.amount, actual: reading.amount });
    if (item.currency_candidates.length > 0) {
      score.currencyScored++;
      if (reading.currency !== null && item.currency_candidates.includes(reading.currency))
        score.currencyRight++;
    }
  }
  return score;
}

function sameAmount(expected: string | null, actual: string | null): boolean {
  if (expected === null || actual === null) return expected === actual;
  return decimalKey(expected) === decimalKey(actual);
}

function decimalKey(value: string): string | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  return `${(match[1] as string).replace(/^0+(?=\d)/, '')}.${(match[2] ?? '').replace(/0+$/, '')}`;
}
