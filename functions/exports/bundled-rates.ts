import table from './ecb-reference-rates.json' with { type: 'json' };
import { isRate, isRateDate, type RatesSource, type ReferenceRates } from './reference-rates.ts';

function checked(rates: ReferenceRates): ReferenceRates {
  const bad = Object.entries(rates.rates).find(
    ([currency, rate]) => !/^[A-Z]{3}$/.test(currency) || !isRate(rate),
  );
  if (!isRateDate(rates.date) || bad)
    throw new Error(`The bundled rate table is malformed near ${bad?.[0] ?? 'date'}`);
  return rates;
}

const BUNDLED: ReferenceRates = checked({ date: table.date, base: 'EUR', rates: table.rates });

/**
 * The ECB reference rates of one day, shipped with the code (ecb-reference-rates.json): local stacks
 * and tests convert without a network and always the same way. Refresh it from a saved
 * eurofxref-daily.xml when its date gets old.
 */
export const bundledRates: RatesSource = { current: async () => BUNDLED };
