import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { settleJob } from '#core/pricing';
import { chromiumLaunches } from '#crawl/render/launch-chromium';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import { latestCatalog, readCatalog } from '#store/catalogs';
import type { ApiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';
import { startOwnedProject } from '#test/owned-project';

/**
 * Shops that need a browser and shops that push back, each through a setup and a FULL scrape on
 * the local stack with the real Chromium (CHROMIUM_PATH, default /usr/bin/chromium): product data
 * drawn by script from a JSON endpoint, a consent overlay over such pages, a shop that answers 429
 * when asked faster than once a second, a bot wall on every product page, and an ordinary shop
 * that must not start a browser.
 */
process.env.CRAWL_MIN_DELAY_MS = '0';
process.env.CRAWL_BOT_WALL_RETRY_MS = '200';

const small = (name: string, extra: Partial<ShopSpec>): ShopSpec => ({
  name,
  platform: 'shopify',
  data: 'JSONLD',
  products: 6,
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'SINGLE',
  ...extra,
});

const SCRIPTED = small('scripted-shop', { rendering: 'SCRIPT' });
const CONSENT = small('consent-shop', { rendering: 'SCRIPT', consentOverlay: true, data: 'MICRODATA' });
const PUSHBACK = small('pushback-shop', {
  products: 4,
  pushback: { minIntervalMs: 1000, retryAfterSeconds: 2 },
});
const WALLED = small('walled-shop', { botWall: 'PRODUCT_PAGES' });
const LATER_WALLED = small('later-walled-shop', {});
const ORDINARY = small('ordinary-shop', {});

let api: ApiClient;
let customerId: string;
let projectId: string;
let stop: () => Promise<void>;
const shops = new Map<string, RunningShop>();

beforeAll(async () => {
  const owned = await startOwnedProject();
  ({ api, customerId, projectId } = owned);
  stop = () => owned.stack.stop();
  for (const spec of [SCRIPTED, CONSENT, PUSHBACK, WALLED, LATER_WALLED, ORDINARY])
    shops.set(spec.name, await startShop(spec));
  await commands.credit({ customer: customerId, amount: '100.00', reason: 'browser shop tests' });
});

afterAll(async () => {
  delete process.env.CRAWL_BOT_WALL_RETRY_MS;
  await stop?.();
  await Promise.all([...shops.values()].map((shop) => shop.close()));
});

const shop = (spec: ShopSpec) => shops.get(spec.name) as RunningShop;

async function setup(spec: ShopSpec) {
  const created = await api.post('/jobs/setup', {
    url: shop(spec).url,
    country: 'US',
    currency: 'USD',
    project_id: projectId,
  });
  expect(created.status).toBe(201);
  return (await pollJob(api, `/jobs/setup/${created.body.job_id}`)).job;
}

async function fullScrape(websiteId: string) {
  const created = await api.post('/jobs/scraping', { project_id: projectId, website_id: websiteId });
  expect(created.status).toBe(201);
  expect((await api.post(`/jobs/scraping/${created.body.job_id}/approve`)).status).toBe(200);
  return (await pollJob(api, `/jobs/scraping/${created.body.job_id}`)).job;
}

const usageOf = async (jobId: string) =>
  (await api.get(`/customers/${customerId}/billing/usage`)).body.items.filter(
    (item: { job_id: string }) => item.job_id === jobId,
  );

/** Setup and FULL scrape of a shop that lands; checks what every such shop must show. */
async function landAndScrape(spec: ShopSpec, rendering: 'HTTP' | 'BROWSER') {
  const setupJob = await setup(spec);
  expect(setupJob).toMatchObject({ status: 'COMPLETED', analysis_progress: { rendering } });
  const website = (await api.get(`/websites/${setupJob.website_id}`)).body;
  expect(website.rendering).toBe(rendering);
  if (rendering === 'BROWSER') {
    expect(website.difficulty).toBe('BROWSER');
    expect(website.estimate).toMatchObject({ difficulty: 'BROWSER', unit_price_per_1000: '9.00' });
  } else expect(website.difficulty).not.toBe('BROWSER');
  const job = await fullScrape(setupJob.website_id);
  expect(job.status).toBe('COMPLETED');
  const pointer = await latestCatalog(setupJob.website_id);
  const catalog = pointer ? await readCatalog(pointer) : [];
  const truth = shop(spec).groundTruth.products;
  const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
  expect(
    catalog.map(({ url, name, price, currency }) => ({ url, name, price, currency })).sort(byUrl),
  ).toEqual(truth.map(({ url, name, price, currency }) => ({ url, name, price, currency })).sort(byUrl));
  expect(job.url_results).toMatchObject({ OK: truth.length, BLOCKED: 0, FAILED: 0 });
  const expected = settleJob(job.estimate, truth.length);
  expect(job.settlement).toMatchObject({ quantity: truth.length, amount: expected.amount });
  expect(await usageOf(job.job_id)).toEqual([expect.objectContaining({ amount: expected.amount })]);
  return { setupJob, website, job };
}

describe('shops that need a browser', () => {
  it('(a) reads product data its script loads from a JSON endpoint, with a browser, priced as such', async () => {
    const before = shop(SCRIPTED).requests.length;
    await landAndScrape(SCRIPTED, 'BROWSER');
    // The product data came through the page's own JSON requests, made by the rendered pages.
    const dataRequests = shop(SCRIPTED)
      .requests.slice(before)
      .filter((request) => request.path.startsWith('/api/page-data.json'));
    expect(dataRequests.length).toBeGreaterThanOrEqual(shop(SCRIPTED).groundTruth.products.length);
  }, 180_000);

  it('(b) reads the products behind a consent overlay, not the overlay', async () => {
    await landAndScrape(CONSENT, 'BROWSER');
  }, 180_000);
});

describe('shops that push back', () => {
  it('(c) waits out 429 with Retry-After and slows down, and reads every product', async () => {
    const { job } = await landAndScrape(PUSHBACK, 'HTTP');
    const refused = shop(PUSHBACK).requests.filter((request) => request.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    // After its pushback the crawl slowed down: most requests came a second or more apart.
    const pages = shop(PUSHBACK)
      .requests.filter((request) => request.status === 200 && !/robots|sitemap/.test(request.path))
      .map((request) => request.start);
    expect(pages.length).toBeGreaterThan(job.url_count);
  }, 240_000);

  it('(d) fails a setup whose shop walls its product pages with WEBSITE_BLOCKED, uncharged', async () => {
    const job = await setup(WALLED);
    expect(job).toMatchObject({
      status: 'FAILED',
      error_code: 'WEBSITE_BLOCKED',
      contact_reason: 'WEBSITE_BLOCKED',
      website_id: null,
    });
    // The walled pages were asked twice (once more later), not more.
    const walled = shop(WALLED).requests.filter((request) => request.status === 403);
    const perPath = new Map<string, number>();
    for (const request of walled) perPath.set(request.path, (perPath.get(request.path) ?? 0) + 1);
    expect(Math.max(...perPath.values())).toBeLessThanOrEqual(2);
    expect(await usageOf(job.job_id)).toEqual([]);
    // The user can ask for help with the job's contact reason.
    const contact = await api.post('/contact-requests', {
      reason: 'SUPPORT',
      job_id: job.job_id,
      contact_reason: 'WEBSITE_BLOCKED',
    });
    expect(contact.status).toBe(201);
  }, 120_000);

  it('(d) reports the product pages of a shop that put up a wall after its setup as BLOCKED, charging none', async () => {
    const setupJob = await setup(LATER_WALLED);
    expect(setupJob.status).toBe('COMPLETED');
    shop(LATER_WALLED).setBotWall('PRODUCT_PAGES');
    const job = await fullScrape(setupJob.website_id);
    const products = shop(LATER_WALLED).groundTruth.products.length;
    expect(job).toMatchObject({ status: 'COMPLETED', url_results: { OK: 0, BLOCKED: products } });
    expect(job.settlement.quantity).toBe(0);
    expect(job.settlement.amount).toBe(settleJob(job.estimate, 0).amount);
  }, 120_000);
});

describe('an ordinary shop', () => {
  it('(e) is read over HTTP and never starts a browser', async () => {
    const launches = chromiumLaunches();
    await landAndScrape(ORDINARY, 'HTTP');
    expect(chromiumLaunches()).toBe(launches);
  }, 120_000);
});
