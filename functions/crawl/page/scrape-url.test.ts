import { describe, expect, it } from 'vitest';
import type { ExtractionProfile } from '../learn/extraction-profile.ts';
import type { FetchedPage, FetchOutcome, PageFetcher } from '../net/page-fetcher.ts';
import { scrapeUrl } from './scrape-url.ts';

/** A fetcher that answers every URL with one outcome and no body. */
const answering = (outcome: FetchOutcome): PageFetcher => ({
  fetch: async (url): Promise<FetchedPage> => ({
    outcome,
    requestedUrl: url,
    url,
    status: null,
    contentType: null,
    body: '',
    bytes: new Uint8Array(0),
    headers: {},
    error: outcome,
  }),
  isAllowed: async () => true,
  robotsSitemaps: async () => [],
  crawlDelaySeconds: async () => null,
  close: async () => undefined,
});

const profile = {
  method: 'JSONLD',
  selectors: {},
  country: null,
  currency: null,
} as unknown as ExtractionProfile;

describe('the result of one URL', () => {
  it.each([
    ['BLOCKED_BY_POLICY', 'ADDRESS_NOT_ALLOWED'],
    ['BLOCKED_BY_ROBOTS', 'BLOCKED_BY_ROBOTS'],
    ['NOT_FOUND', 'NOT_FOUND'],
    ['NETWORK_ERROR', 'FAILED'],
    ['BOT_WALL', 'BLOCKED'],
  ] as const)('names a fetch that ended %s as %s', async (fetched, result) => {
    const outcome = await scrapeUrl('https://shop.test/p/1', profile, answering(fetched));
    expect(outcome).toMatchObject({ result, products: [] });
  });
});
