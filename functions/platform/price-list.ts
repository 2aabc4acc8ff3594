import { type PriceOverrides, resolvePriceList } from '#core/pricing';

function overrides(raw: string | undefined): PriceOverrides {
  if (raw === undefined) return {};
  try {
    return JSON.parse(raw) as PriceOverrides;
  } catch (error) {
    throw new Error(`PRICE_OVERRIDES is not JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** The defaults with a stage's `PRICE_OVERRIDES` (JSON) over them; throws, naming the variable, on bad JSON. */
export const priceListWith = (rawOverrides: string | undefined) => resolvePriceList(overrides(rawOverrides));
