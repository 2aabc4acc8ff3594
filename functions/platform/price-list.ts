import { type PriceOverrides, resolvePriceList } from '#core/pricing';
import { setting } from './config.ts';

function overrides(): PriceOverrides {
  const raw = setting('PRICE_OVERRIDES');
  if (raw === undefined) return {};
  try {
    return JSON.parse(raw) as PriceOverrides;
  } catch (error) {
    throw new Error(`PRICE_OVERRIDES is not JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** The stage's price list: the defaults with the stage's `PRICE_OVERRIDES` (JSON), read at cold start. */
export const priceList = resolvePriceList(overrides());
