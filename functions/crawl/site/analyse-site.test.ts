import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeShop, testShops } from '../../../fixtures/default-shops.ts';
import { type RunningShop, startShops } from '../../../fixtures/start-shop.ts';
import { createFetcher } from '../net/fetcher.ts';
import { analyseSite } from './analyse-site.ts';

const fetcher = createFetcher({ allowedHosts: ['127.0.0.1'], minDelayMs: 0 });
let large: RunningShop;
let small: RunningShop;

beforeAll(async () => {
  [large, small] = (await startShops([largeShop, testShops[0] as (typeof testShops)[number]])) as [
    RunningShop,
    RunningShop,
  ];
});

afterAll(async () => {
  await fetcher.close();
  await large.close();
  await small.close();
});

describe('analyseSite', () => {
  it('sizes a 100,000-product shop from its gzipped sitemaps and calls it too large beyond the limit', async () => {
    const analysis = await analyseSite(large.url, fetcher, {
      country: 'US',
      currency: 'USD',
      maxProducts: 50_000,
    });
    expect(analysis.verdict).toBe('TOO_LARGE');
    expect(analysis.progress.sitemap_size).toBeGreaterThanOrEqual(100_000);
    expect(Math.abs(analysis.progress.products_estimate - 100_000)).toBeLessThanOrEqual(10_000);
    // Sized by sampling: a few dozen pages, not the shop.
    expect(large.requests.filter((request) => !/sitemap|robots/.test(request.path)).length).toBeLessThan(40);
  }, 60_000);

  it('reports every part of the analysis as it goes, in the analysis_progress shape', async () => {
    const updates: unknown[] = [];
    const analysis = await analyseSite(small.url, fetcher, { country: 'US', maxProducts: 100 }, (update) =>
      updates.push(update),
    );
    expect(analysis.verdict).toBe('TOO_LARGE');
    expect(updates[0]).toMatchObject({ config: { state: 'RUNNING' }, homepage: { state: 'PENDING' } });
    expect(updates.at(-1)).toEqual({
      config: { state: 'DONE' },
      homepage: { state: 'DONE' },
      sitemap: { state: 'DONE' },
      size: { state: 'DONE' },
      sitemap_size: expect.any(Number),
      is_ecommerce: true,
      product_type: 'ELECTRONICS',
      language: 'en',
      products_estimate: 240,
      rendering: 'HTTP',
    });
  });

  it('estimates a shop without a sitemap within 20 % when its categories paginate, whatever the paging style', async () => {
    // ?page=N (PrestaShop), ?p=N (Magento), /page/N/ (WooCommerce), strana-N/ (Shoptet); 4 cards a page.
    const names = ['prestashop-plain-de', 'magento-plain-en', 'woocommerce-plain-en', 'shoptet-plain-cs'];
    const specs = names.map((name) => {
      const spec = testShops.find((shop) => shop.name === name) as (typeof testShops)[number];
      return { ...spec, name: `${name}-paged`, products: 25, perPage: 4, sitemap: 'NONE' as const };
    });
    const shops = await startShops(specs);
    try {
      for (const [i, shop] of shops.entries()) {
        const spec = specs[i] as (typeof specs)[number];
        const analysis = await analyseSite(shop.url, fetcher, { country: spec.market, maxProducts: 50_000 });
        expect(analysis.progress.sitemap.state, spec.name).toBe('NOT_FOUND');
        expect(Math.abs(analysis.progress.products_estimate - 25), spec.name).toBeLessThanOrEqual(5);
      }
    } finally {
      await Promise.all(shops.map((shop) => shop.close()));
    }
  });
});
