import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { settleJob } from '#core/pricing';
import { chromiumLaunches } from '#crawl/index';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { ApiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';
import { newProject } from '#test/operator';
import { startOwnedProject } from '#test/owned-project';
import { closedPort, startTestProxy, type TestProxy } from '#test/test-proxy';
import { catalogStore } from '#websites/catalog-services';

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
const CONSENT = small('consent-shop', { rendering: 'SCRIPT', consentOverlay: true });
const PUSHBACK = small('pushback-shop', {
  products: 4,
  pushback: { minIntervalMs: 1000, retryAfterSeconds: 2 },
});
const WALLED = small('walled-shop', { botWall: 'PRODUCT_PAGES' });
const LATER_WALLED = small('later-walled-shop', {});
const ORDINARY = small('ordinary-shop', {});
const PROXIED = small('proxied-shop', { rendering: 'SCRIPT', products: 4 });
const PROXY_CREDENTIALS = { user: 'crawler', password: 's3cret-pw' };

let api: ApiClient;
let customerId: string;
let projectId: string;
let ownerId: string;
let proxy: TestProxy;
let stop: () => Promise<void>;
const shops = new Map<string, RunningShop>();

beforeAll(async () => {
  const owned = await startOwnedProject();
  ({ api, customerId, projectId } = owned);
  ownerId = owned.owner.userId;
  proxy = await startTestProxy(PROXY_CREDENTIALS);
  stop = () => owned.stack.stop();
  for (const spec of [SCRIPTED, CONSENT, PUSHBACK, WALLED, LATER_WALLED, ORDINARY, PROXIED])
    shops.set(spec.name, await startShop(spec));
  await commands.credit({ customer: customerId, amount: '100.00', reason: 'browser shop tests' });
});

afterAll(async () => {
  delete process.env.CRAWL_BOT_WALL_RETRY_MS;
  await stop?.();
  await proxy?.close();
  await Promise.all([...shops.values()].map((shop) => shop.close()));
});

const shop = (spec: ShopSpec) => shops.get(spec.name) as RunningShop;

async function setup(spec: ShopSpec, project = projectId) {
  const created = await api.post('/jobs/setup', {
    url: shop(spec).url,
    country: 'US',
    currency: 'USD',
    project_id: project,
  });
  expect(created.status).toBe(201);
  return (await pollJob(api, `/jobs/setup/${created.body.job_id}`)).job;
}

async function fullScrape(websiteId: string, project = projectId) {
  const created = await api.post('/jobs/scraping', { project_id: project, website_id: websiteId });
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
  const pointer = await catalogStore.latest(setupJob.website_id);
  const catalog = pointer ? await catalogStore.read(pointer) : [];
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
  }, 300_000);

  it('(b) reads the products behind a consent overlay, not the overlay', async () => {
    await landAndScrape(CONSENT, 'BROWSER');
  }, 300_000);
});

describe('shops that push back', () => {
  it('(c) waits out 429 with Retry-After and slows down, and reads every product', async () => {
    await landAndScrape(PUSHBACK, 'HTTP');
    const requests = shop(PUSHBACK).requests;
    expect(requests.some((request) => request.status === 429)).toBe(true);
    // Every product page refused was asked again after its Retry-After of 2 s, and then served.
    for (const product of shop(PUSHBACK).groundTruth.products) {
      const path = new URL(product.url).pathname;
      const asked = requests.filter((request) => request.path === path);
      const refused = asked.find((request) => request.status === 429);
      const served = asked.find(
        (request) => request.status === 200 && request.start > (refused?.start ?? -1),
      );
      expect(served, path).toBeDefined();
      if (refused?.end && served) expect(served.start - refused.end).toBeGreaterThanOrEqual(1_900);
    }
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
    // A scrape that delivered nothing charges nothing: the minimum charge is for work delivered.
    expect(job.settlement).toMatchObject({ quantity: 0, amount: '0.00' });
    expect(await usageOf(job.job_id)).toEqual([]);
  }, 120_000);
});

describe('an ordinary shop', () => {
  it('(e) is read over HTTP and never starts a browser', async () => {
    const launches = chromiumLaunches();
    await landAndScrape(ORDINARY, 'HTTP');
    expect(chromiumLaunches()).toBe(launches);
  }, 120_000);
});

describe('a project with its own crawl proxy', () => {
  let proxiedProject: string;
  let proxiedWebsite: string;

  it('crawls through it, setup and FULL scrape, the browser pages alike; the project shows only its host', async () => {
    proxiedProject = await newProject(customerId, ownerId, 'Through a proxy');
    const set = await api.patch(`/projects/${proxiedProject}`, { crawl_proxy: proxy.url });
    expect(set.status).toBe(200);
    expect(set.body.crawl_proxy_host).toBe(proxy.host);

    const setupJob = await setup(PROXIED, proxiedProject);
    expect(setupJob).toMatchObject({ status: 'COMPLETED', analysis_progress: { rendering: 'BROWSER' } });
    proxiedWebsite = setupJob.website_id;
    const job = await fullScrape(proxiedWebsite, proxiedProject);

    const truth = shop(PROXIED).groundTruth.products;
    expect(job).toMatchObject({ status: 'COMPLETED', url_results: { OK: truth.length, FAILED: 0 } });
    // Every request the shop saw came over a connection the proxy opened, the rendered pages' own
    // JSON requests too; the proxy carried requests for this shop only and refused none.
    const requests = shop(PROXIED).requests;
    expect(
      requests.filter((request) => request.path.startsWith('/api/page-data.json')).length,
    ).toBeGreaterThan(0);
    expect(requests.filter((request) => !proxy.upstreamPorts.has(request.remotePort ?? -1))).toEqual([]);
    expect(new Set(proxy.carried.map((request) => request.target))).toEqual(
      new Set([new URL(shop(PROXIED).origin).host]),
    );
    expect(proxy.refused).toBe(0);
    for (const path of [`/projects/${proxiedProject}`, '/projects'])
      expect(JSON.stringify((await api.get(path)).body)).not.toContain(PROXY_CREDENTIALS.password);
  }, 300_000);

  it('fails a job alone, saying why, when the proxy asks for other credentials or refuses the connection', async () => {
    expect(proxiedWebsite).toBeDefined();
    const wrong = proxy.url.replace(PROXY_CREDENTIALS.password, 'an-old-password');
    expect((await api.patch(`/projects/${proxiedProject}`, { crawl_proxy: wrong })).status).toBe(200);
    const seenByShop = shop(PROXIED).requests.length;
    const urls = shop(PROXIED)
      .groundTruth.products.slice(0, 2)
      .map((product) => product.url);
    const created = await api.post('/jobs/scraping', {
      project_id: proxiedProject,
      website_id: proxiedWebsite,
      urls,
    });
    expect((await api.post(`/jobs/scraping/${created.body.job_id}/approve`)).status).toBe(200);
    const scrape = (await pollJob(api, `/jobs/scraping/${created.body.job_id}`)).job;
    expect(scrape).toMatchObject({ status: 'FAILED', error_code: 'PROXY_FAILED' });
    expect(scrape.error).toMatch(/407/);
    expect(scrape.error).not.toContain('an-old-password');
    expect(await usageOf(scrape.job_id)).toEqual([]);

    const down = `http://${PROXY_CREDENTIALS.user}:${PROXY_CREDENTIALS.password}@127.0.0.1:${await closedPort()}`;
    expect((await api.patch(`/projects/${proxiedProject}`, { crawl_proxy: down })).status).toBe(200);
    const ordinarySeen = shop(ORDINARY).requests.length;
    const started = performance.now();
    const setupJob = await setup(ORDINARY, proxiedProject);
    expect(setupJob).toMatchObject({ status: 'FAILED', error_code: 'PROXY_FAILED', website_id: null });
    expect(setupJob.error).toMatch(/ECONNREFUSED/);
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(shop(PROXIED).requests.length).toBe(seenByShop);
    expect(shop(ORDINARY).requests.length).toBe(ordinarySeen);
  }, 120_000);
});
