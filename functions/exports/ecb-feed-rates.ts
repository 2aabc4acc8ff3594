import { InvalidRatesFeed, parseEcbRates } from './parse-ecb-rates.ts';
import { type RatesSource, RatesUnavailable, type ReferenceRates } from './reference-rates.ts';

export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

export interface EcbFeedOptions {
  url?: string;
  fetch?: typeof fetch;
  /** The ECB sets the rates once a working day (around 16:00 CET), so an hour old is current enough. */
  maxAgeMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * The ECB's daily feed, read at most once per `maxAgeMs` per warm Lambda. A failed read is not
 * hidden behind older or bundled rates: exports would silently carry stale prices, so the caller
 * answers 503 (or the lane's task retries) instead.
 */
export function ecbFeedRates(options: EcbFeedOptions = {}): RatesSource {
  const { url = ECB_DAILY_URL, maxAgeMs = 3_600_000, timeoutMs = 10_000, now = Date.now } = options;
  const fetchFeed = options.fetch ?? fetch;
  let cached: { rates: ReferenceRates; readAt: number } | null = null;
  return {
    async current() {
      if (cached && now() - cached.readAt < maxAgeMs) return cached.rates;
      let xml: string;
      try {
        const response = await fetchFeed(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) throw new RatesUnavailable(`The ECB rate feed answered ${response.status}`);
        xml = await response.text();
      } catch (error) {
        if (error instanceof RatesUnavailable) throw error;
        throw new RatesUnavailable('The ECB rate feed cannot be reached', { cause: error });
      }
      try {
        cached = { rates: parseEcbRates(xml), readAt: now() };
      } catch (error) {
        if (error instanceof InvalidRatesFeed) throw new RatesUnavailable(error.message, { cause: error });
        throw error;
      }
      return cached.rates;
    },
  };
}
