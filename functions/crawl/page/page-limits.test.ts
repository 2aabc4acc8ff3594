import { describe, expect, it } from 'vitest';
import { untrainedProfile } from '../../../test/helpers/real-pages.ts';
import type { FetchedPage, PageFetcher } from '../net/page-fetcher.ts';
import { extractProduct } from './extract-product.ts';
import { PAGE_LIMITS, PageLimitExceeded } from './page-limits.ts';
import { readPage } from './read-page.ts';
import { scrapeUrl } from './scrape-url.ts';

const URL_OF_PAGE = 'https://shop.test/p/1';

const nested = (levels: number, inside: string): string =>
  `<html lang="en"><body>${'<div>'.repeat(levels)}${inside}${'</div>'.repeat(levels)}</body></html>`;

const PRODUCT = '<h1>Lamp</h1><span class="price">£12.99</span><button>Add to basket</button>';

/** A fetcher that answers every URL with one HTML page. */
const serving = (html: string): PageFetcher => ({
  fetch: async (url): Promise<FetchedPage> => ({
    outcome: 'OK',
    requestedUrl: url,
    url,
    status: 200,
    contentType: 'text/html',
    body: html,
    bytes: new TextEncoder().encode(html),
    headers: {},
  }),
  isAllowed: async () => true,
  robotsSitemaps: async () => [],
  crawlDelaySeconds: async () => null,
  close: async () => undefined,
});

describe('pages past the reading limits', () => {
  it('refuses 400,000 nested elements at the depth limit instead of parsing them all', () => {
    expect(() => readPage(nested(400_000, PRODUCT), URL_OF_PAGE)).toThrow(PageLimitExceeded);
  });

  it('refuses a page with more elements than the limit, however flat', () => {
    const flat = `<html><body>${'<i></i>'.repeat(PAGE_LIMITS.maxElements)}</body></html>`;
    expect(() => readPage(flat, URL_OF_PAGE)).toThrow(/elements/);
  });

  it('refuses many elements under thousands of levels, which the selector engine pays per level', () => {
    const html = nested(4_000, `<h1>Lamp</h1>${'<span>1 €</span>'.repeat(10_000)}`);
    expect(() => readPage(html, URL_OF_PAGE)).toThrow(/too deep/);
  });

  it('still reads the product of a page 4,000 levels deep, within the limits', () => {
    const page = readPage(nested(4_000, PRODUCT), URL_OF_PAGE);
    expect(extractProduct(page, untrainedProfile(URL_OF_PAGE))).toMatchObject({
      name: 'Lamp',
      price: '12.99',
      currency: 'GBP',
    });
  });

  it('records a URL whose page is past the limits as FAILED, saying why', async () => {
    const outcome = await scrapeUrl(
      URL_OF_PAGE,
      untrainedProfile(URL_OF_PAGE),
      serving(nested(400_000, PRODUCT)),
    );
    expect(outcome).toMatchObject({ result: 'FAILED', products: [] });
    expect(outcome.error).toMatch(/PageLimitExceeded: .*deep/);
  });

  it('records a URL whose poisoned JSON-LD trips a reader as that URL failing or reading, never throwing', async () => {
    const deep = `${'['.repeat(10_000)}{"@type":"Product","name":"Lamp"}${']'.repeat(10_000)}`;
    const html = `<html><head><script type="application/ld+json">${deep}</script></head><body>${PRODUCT}</body></html>`;
    const outcome = await scrapeUrl(URL_OF_PAGE, untrainedProfile(URL_OF_PAGE), serving(html));
    expect(['OK', 'FAILED']).toContain(outcome.result);
  });
});
