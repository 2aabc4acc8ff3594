import { describe, expect, it } from 'vitest';
import type { ExtractionProfile } from '../learn/extraction-profile.ts';
import type { FetchedPage, PageFetcher } from '../net/page-fetcher.ts';
import { enumerateProductUrls } from './enumerate-product-urls.ts';

const ORIGIN = 'https://shop.test';

/** A shop from a map of URL to body; every URL it fetches is recorded. */
function shop(bodies: Record<string, { type: string; body: string }>) {
  const fetched: string[] = [];
  const fetcher: PageFetcher = {
    fetch: async (url): Promise<FetchedPage> => {
      fetched.push(url);
      const answer = bodies[url];
      const body = answer?.body ?? '';
      return {
        outcome: answer ? 'OK' : 'NOT_FOUND',
        requestedUrl: url,
        url,
        status: answer ? 200 : 404,
        contentType: answer?.type ?? null,
        body,
        bytes: new TextEncoder().encode(body),
        headers: {},
      };
    },
    isAllowed: async () => true,
    robotsSitemaps: async () => [],
    crawlDelaySeconds: async () => null,
    close: async () => undefined,
  };
  return { fetcher, fetched };
}

const profile = {
  product_url_pattern: '^/p/[^/]+$',
  listing_url_pattern: null,
  country: null,
  currency: null,
} as unknown as ExtractionProfile;

const urlset = (urls: readonly string[]) => ({
  type: 'application/xml',
  body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((url) => `<url><loc>${url}</loc></url>`)
    .join('')}</urlset>`,
});

describe('the URLs of a FULL scrape', () => {
  it('puts the sitemap URLs matching the learned pattern first and keeps the website’s others, not other hosts', async () => {
    const { fetcher } = shop({
      [`${ORIGIN}/sitemap.xml`]: urlset([
        `${ORIGIN}/gift-card`,
        `${ORIGIN}/p/1`,
        'https://www.shop.test/p/2',
        'https://partner.test/p/3',
        `${ORIGIN}/logo.png`,
        `${ORIGIN}/p/4`,
      ]),
    });
    const enumeration = await enumerateProductUrls(`${ORIGIN}/`, profile, fetcher);
    expect(enumeration).toEqual({
      source: 'SITEMAP',
      urls: [`${ORIGIN}/p/1`, 'https://www.shop.test/p/2', `${ORIGIN}/p/4`, `${ORIGIN}/gift-card`],
      stopped: null,
    });
  });

  it('stops a link crawl at its deadline with what it found', async () => {
    const { fetcher, fetched } = shop({
      [`${ORIGIN}/`]: { type: 'text/html', body: '<a href="/list?page=1">more</a><a href="/p/1">one</a>' },
    });
    const enumeration = await enumerateProductUrls(`${ORIGIN}/`, profile, fetcher, {
      deadline: performance.now() - 1,
    });
    expect(enumeration).toEqual({ source: 'LINKS', urls: [], stopped: 'OUT_OF_TIME' });
    expect(fetched.filter((url) => !url.includes('sitemap'))).toEqual([]);
  });
});
