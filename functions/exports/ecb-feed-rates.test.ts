import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ECB_DAILY_URL, ecbFeedRates } from './ecb-feed-rates.ts';
import { RatesUnavailable } from './reference-rates.ts';

const sample = readFileSync(new URL('./fixtures/eurofxref-daily-2025-10-21.xml', import.meta.url), 'utf8');

describe('the ECB feed adapter', () => {
  it('reads the daily feed once an hour per process', async () => {
    let clock = 0;
    const fetchFeed = vi.fn(async () => new Response(sample));
    const source = ecbFeedRates({ fetch: fetchFeed as typeof fetch, now: () => clock });
    expect((await source.current()).rates.USD).toBe('1.1607');
    clock = 3_599_999;
    await source.current();
    expect(fetchFeed).toHaveBeenCalledTimes(1);
    expect(fetchFeed).toHaveBeenCalledWith(ECB_DAILY_URL, expect.anything());
    clock = 3_600_000;
    await source.current();
    expect(fetchFeed).toHaveBeenCalledTimes(2);
  });

  it('reports an unreachable, failing or garbled feed as unavailable rates', async () => {
    const down = ecbFeedRates({
      fetch: (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
    });
    await expect(down.current()).rejects.toBeInstanceOf(RatesUnavailable);
    const failing = ecbFeedRates({ fetch: (async () => new Response('', { status: 503 })) as typeof fetch });
    await expect(failing.current()).rejects.toThrow(/answered 503/);
    const garbled = ecbFeedRates({ fetch: (async () => new Response('<html/>')) as typeof fetch });
    await expect(garbled.current()).rejects.toBeInstanceOf(RatesUnavailable);
  });
});
