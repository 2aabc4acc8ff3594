import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { settleJob } from '#core/pricing';
import type { DataFormat, Platform, ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';
import { expectSettledLedger } from '#test/ledger-check';
import { landWebsite, startOwnedProject } from '#test/owned-project';

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';

/**
 * Each URL of a URL scrape gets the result its page deserves, whatever way the shop carries its
 * product data: a product page OK, a missing page NOT_FOUND, a page that shows no product (about,
 * contact, home) NOT_A_PRODUCT, a path robots.txt disallows BLOCKED_BY_ROBOTS; only OK is charged.
 */
// The platforms differ in their pages' look, the formats in where the product data is: each format
// is tried once, on a platform of its own.
const SHOPS: { platform: Platform; data: DataFormat }[] = [
  { platform: 'shopify', data: 'JSONLD' },
  { platform: 'woocommerce', data: 'MICRODATA' },
  { platform: 'magento', data: 'OPENGRAPH' },
  { platform: 'shoptet', data: 'PLAIN' },
];
type ShopKey = `${Platform}-${DataFormat}`;

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;
const shops = new Map<ShopKey, { shop: RunningShop; websiteId: string }>();

beforeAll(async () => {
  ({ stack, api, customerId, projectId } = await startOwnedProject());
  await commands.credit({ customer: customerId, amount: '100.00', reason: 'url result tests' });
  for (const { platform, data } of SHOPS) {
    const spec: ShopSpec = {
      name: `url-results-${platform}-${data.toLowerCase()}`,
      platform,
      data,
      products: 12,
      language: 'en',
      market: 'US',
      theme: 'ELECTRONICS',
      sitemap: 'INDEX',
      robots: { disallow: ['/private/'] },
    };
    const shop = await startShop(spec);
    const website = await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' });
    shops.set(`${platform}-${data}`, { shop, websiteId: website.website_id });
  }
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([...shops.values()].map(({ shop }) => shop.close()));
});

/** Scrapes `urls` of the shop, approved, and waits for the job to end. */
async function scrapeUrls(key: ShopKey, urls: string[]) {
  const { websiteId } = shops.get(key) as { websiteId: string };
  const created = await api.post('/jobs/scraping', { project_id: projectId, website_id: websiteId, urls });
  expect(created.status).toBe(201);
  expect((await api.post(`/jobs/scraping/${created.body.job_id}/approve`)).status).toBe(200);
  const { job } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`);
  expect(job.status).toBe('COMPLETED');
  return { job, estimate: created.body.estimate };
}

describe.each(SHOPS)('a URL scrape of a $platform shop with $data data', ({ platform, data }) => {
  it('gives each URL the result its page deserves and charges only the OK ones', async () => {
    const key: ShopKey = `${platform}-${data}`;
    const { shop } = shops.get(key) as { shop: RunningShop };
    const products = shop.groundTruth.products.slice(0, 3).map((product) => product.url);
    const { job, estimate } = await scrapeUrls(key, [
      ...products,
      `${shop.origin}/products/no-such-product`,
      `${shop.origin}/pages/about`,
      `${shop.origin}/pages/contact`,
      shop.url,
      `${shop.origin}/private/secret-product`,
    ]);

    expect(job.url_results).toEqual({
      OK: 3,
      NOT_FOUND: 1,
      NOT_A_PRODUCT: 3,
      BLOCKED_BY_ROBOTS: 1,
      ADDRESS_NOT_ALLOWED: 0,
      BLOCKED: 0,
      FAILED: 0,
    });
    expect(job.settlement).toEqual({ ...settleJob(estimate, 3), settled_at: expect.any(String) });
  });
});

it('leaves every hold of these scrapes settled', async () => {
  await expectSettledLedger(customerId);
});
