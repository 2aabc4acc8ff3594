import { bundledRates } from './bundled-rates.ts';
import { ecbFeedRates } from './ecb-feed-rates.ts';
import type { RatesSource } from './reference-rates.ts';

/**
 * The rates `source` names (the stage's `EXPORT_RATES_SOURCE`): `ecb` (deployed stages) reads the
 * ECB's daily feed, `bundled` or unset uses the table shipped with the code.
 */
export function ratesSourceNamed(source: string | undefined): RatesSource {
  if (source === undefined || source === 'bundled') return bundledRates;
  if (source === 'ecb') return ecbFeedRates();
  throw new Error(`EXPORT_RATES_SOURCE must be ecb or bundled, got ${source}`);
}
