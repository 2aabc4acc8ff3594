import { onFirstUse, setting } from '#platform/config';
import { ratesSourceNamed } from './rates-source.ts';

/** The reference rates of this process, chosen once per cold start by `EXPORT_RATES_SOURCE`. */
export const referenceRates = onFirstUse(() => ratesSourceNamed(setting('EXPORT_RATES_SOURCE')));

/**
 * Operators set `EXPORTS_MAINTENANCE=true` to close exports (503) while they work on the bucket or
 * the rates. It is read on every request, not once, so a running local stack can be switched too.
 */
export const exportsInMaintenance = () => setting('EXPORTS_MAINTENANCE') === 'true';
