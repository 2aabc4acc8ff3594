import { onFirstUse, setting } from './config.ts';
import { priceListWith } from './price-list.ts';

/**
 * The stage's settings every capability shares, read here once per cold start and handed to the
 * modules that use them, which read none themselves.
 */

/** The defaults with the stage's `PRICE_OVERRIDES` over them. */
export const priceList = onFirstUse(() => priceListWith(setting('PRICE_OVERRIDES')));

/** `PUBLIC_BASE_URL` without its trailing slashes, undefined when the stage sets none. */
export const publicBaseUrl = onFirstUse(() => setting('PUBLIC_BASE_URL')?.replace(/\/+$/, ''));
