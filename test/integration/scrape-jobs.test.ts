import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { settleJob } from '#core/pricing';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import { dynamo } from '#store/table-services';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob } from '#test/jobs';
import { addProjectMember, newProject, newUser } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { catalogStore } from '#websites/catalog-services';
import { catalogPointerWrites } from '#websites/dynamo-catalog-store';

/**
 * A small JSON-LD shop with a part robots.txt disallows, so the scrape lane runs end to end in
 * seconds: setup, URL scrapes, a FULL scrape whose catalog is compared with the shop's truth.
 */
const SHOP: ShopSpec = {
  name: 'scrape-lane-shop',
  platform: 'shopify',
  data: 'JSONLD',
  products: 24,
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
  robots: { disallow: ['/private/'] },
};

// Small batches, so the FULL scrape's Map runs several of them in parallel. The batch task's
// module reads this when the lane first imports it, after the stack has started.
process.env.SCRAPE_BATCH_SIZE = '5';

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let owner: { userId: string; apiKey: string };
let projectId: string;
let websiteId: string;
let shop: RunningShop;
let other: RunningShop;

beforeAll(async () => {
  ({ stack, api, customerId, owner, projectId } = await startOwnedProject());
  [shop, other] = await Promise.all([startShop(SHOP), startShop({ ...SHOP, name: 'another-shop' })]);
  websiteId = (await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' })).website_id;
});

afterAll(async () => {
  delete process.env.SCRAPE_BATCH_SIZE;
  await stack?.stop();
  await Promise.all([shop?.close(), other?.close()]);
});

const balance = async () => (await api.get(`/customers/${customerId}/billing/balance`)).body;
const usageOf = async (jobId: string) =>
  (await api.get(`/customers/${customerId}/billing/usage`)).body.items.filter(
    (item: any) => item.job_id === jobId,
  );
const scrape = (body: Record<string, unknown>, client = api) =>
  client.post('/jobs/scraping', { project_id: projectId, website_id: websiteId, ...body });
const productUrl = (index: number) => shop.groundTruth.products[index]?.url as string;

describe('a URL scrape', () => {
  it('removes invalid, duplicate and other-website URLs, waits for approval, and charges only OK results', async () => {
    const urls = [
      productUrl(0),
      productUrl(1),
      productUrl(2),
      `${productUrl(2)}#reviews`,
      `${shop.origin}/products/no-such-product`,
      shop.url,
      `${shop.origin}/private/secret-product`,
      `${other.origin}/products/x`,
      'not a url',
    ];
    const created = await scrape({ urls });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      job_type: 'URL_SCRAPE',
      variant: 'URLS_ONLY',
      status: 'AWAITING_APPROVAL',
      website_id: websiteId,
      url_count: 6,
      urls: urls.slice(0, 3).concat(urls.slice(4, 7)),
      rejected: 3,
      rejected_urls: [`${productUrl(2)}#reviews`, `${other.origin}/products/x`, 'not a url'],
      approval: null,
      settlement: null,
      scrape_progress: null,
      url_results: null,
      estimate: { currency: 'EUR', quantity: 6, difficulty: 'EASY' },
    });
    const jobId = created.body.job_id;

    // No credit yet: the cap cannot be held, and the job keeps waiting.
    expectProblem(await api.post(`/jobs/scraping/${jobId}/approve`), 402, 'INSUFFICIENT_FUNDS');
    expect((await api.get(`/jobs/scraping/${jobId}`)).body.status).toBe('AWAITING_APPROVAL');

    await commands.credit({ customer: customerId, amount: '100.00', reason: 'scrape tests' });
    const approved = await api.post(`/jobs/scraping/${jobId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      approval: { approved_by: owner.userId, approved_at: expect.any(String) },
    });
    expectProblem(await api.post(`/jobs/scraping/${jobId}/approve`), 409, 'JOB_NOT_AWAITING_APPROVAL');
    expectProblem(await api.post(`/jobs/${jobId}/cancel`), 409, 'JOB_NOT_CANCELLABLE');

    const { job } = await pollJob(api, `/jobs/scraping/${jobId}`);
    expect(job.status).toBe('COMPLETED');
    expect(job.url_results).toEqual({
      OK: 3,
      NOT_FOUND: 1,
      NOT_A_PRODUCT: 1,
      BLOCKED_BY_ROBOTS: 1,
      ADDRESS_NOT_ALLOWED: 0,
      BLOCKED: 0,
      FAILED: 0,
    });
    const expected = settleJob(created.body.estimate, 3);
    expect(job.settlement).toEqual({ ...expected, settled_at: expect.any(String) });
    expect(job.scrape_progress).toMatchObject({ pages: 6, pages_limit: 6, phase: 'DONE', percent: 100 });
    expect(await balance()).toMatchObject({
      balance: (100 - Number(expected.amount)).toFixed(2),
      held: '0.00',
    });
    expect(await usageOf(jobId)).toEqual([
      expect.objectContaining({ job_type: 'URL_SCRAPE', quantity: 3, amount: expected.amount }),
    ]);
    // A part of the website, not its catalog: the website's catalog pointers stay as they were.
    expect(await catalogStore.latest(websiteId)).toBeNull();
  });

  it('answers 400 NO_URL_ACCEPTED when nothing is left, 422 for an empty or too long list or a mismatched variant', async () => {
    const none = await scrape({ urls: [`${other.origin}/products/x`, 'nope'] });
    expectProblem(none, 400, 'NO_URL_ACCEPTED');
    expect(none.body).toMatchObject({ rejected: 2, rejected_urls: [`${other.origin}/products/x`, 'nope'] });
    expect((await scrape({ urls: [] })).status).toBe(422);
    const tooMany = Array.from({ length: 100_001 }, (_, i) => `${shop.origin}/p/${i}`);
    expect((await scrape({ urls: tooMany })).status).toBe(422);
    expect((await scrape({ variant: 'FULL', urls: [productUrl(0)] })).status).toBe(422);
    expect((await scrape({ variant: 'URLS_ONLY' })).status).toBe(422);
    expect((await scrape({ variant: 'EVERYTHING' })).status).toBe(422);
  });

  it('answers 409 NO_FULL_CATALOG for CATALOG_URLS before any FULL scrape', async () => {
    expectProblem(await scrape({ variant: 'CATALOG_URLS' }), 409, 'NO_FULL_CATALOG');
  });
});

describe('a FULL scrape', () => {
  let full: any;

  it('is quoted from the setup, is returned again while unfinished, and is cancelled without a charge before approval', async () => {
    const before = await balance();
    const created = await scrape({});
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      job_type: 'FULL_SCRAPE',
      variant: 'FULL',
      status: 'AWAITING_APPROVAL',
      url_count: null,
      urls: null,
      estimate: { quantity: expect.any(Number), difficulty: 'EASY' },
    });
    const website = (await api.get(`/websites/${websiteId}`)).body;
    expect(created.body.estimate.quantity).toBe(website.products_estimate);
    const again = await scrape({ variant: 'FULL' });
    expect(again.status).toBe(200);
    expect(again.body.job_id).toBe(created.body.job_id);

    const cancelled = await api.post(`/jobs/${created.body.job_id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', settlement: null });
    expectProblem(
      await api.post(`/jobs/scraping/${created.body.job_id}/approve`),
      409,
      'JOB_NOT_AWAITING_APPROVAL',
    );
    expect(await balance()).toEqual(before);
  });

  it('crawls the shop into a catalog equal to its truth, with live progress, and charges the settlement once', async () => {
    const created = await scrape({ variant: 'FULL' });
    expect(created.status).toBe(201);
    full = created.body;
    expect((await api.post(`/jobs/scraping/${full.job_id}/approve`)).status).toBe(200);
    const { job, seen } = await pollJob(api, `/jobs/scraping/${full.job_id}`);
    expect(job.status).toBe('COMPLETED');

    const truth = shop.groundTruth.products;
    // The learned URL pattern orders the crawl and drops nothing: the sitemap's other pages (home,
    // categories, about) are read too, and none becomes a product.
    expect(job.url_count).toBeGreaterThan(truth.length);
    expect(job.scrape_progress).toEqual({
      pages: job.url_count,
      pages_limit: 100_000,
      pages_estimate: job.url_count,
      phase: 'DONE',
      percent: 100,
    });
    // Progress was read while the job ran, and moved.
    const running = seen.filter((snapshot) => ['RUNNING', 'SETTLING', 'EXPORTING'].includes(snapshot.status));
    expect(new Set(running.map((snapshot) => JSON.stringify(snapshot.scrape_progress))).size).toBeGreaterThan(
      1,
    );
    expect(running.some((snapshot) => snapshot.scrape_progress?.phase === 'SCRAPING_PAGES')).toBe(true);

    const pointer = await catalogStore.latest(websiteId);
    expect(pointer).toMatchObject({
      version: full.job_id,
      object_key: `catalogs/${projectId}/${websiteId}/${full.job_id}.jsonl`,
      variant: 'FULL',
      products: truth.length,
    });
    expect(await catalogStore.latest(websiteId, 'FULL')).toEqual(pointer);
    const catalog = await catalogStore.read(pointer as NonNullable<typeof pointer>);
    const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
    expect(
      catalog
        .map(
          ({
            scraped_at: _at,
            source: _source,
            canonical_url: _canonical,
            variant_group: _group,
            variant_attributes: _attributes,
            unit_price: _unitPrice,
            unit: _unit,
            field_sources: _sources,
            ...product
          }) => product,
        )
        .sort(byUrl),
    ).toEqual([...truth].sort(byUrl));
    // The shop sells no variants and names no quantities: the records say so, rather than leave the fields out.
    expect(
      new Set(
        catalog.map((p) => JSON.stringify([p.variant_group, p.variant_attributes, p.unit_price, p.unit])),
      ),
    ).toEqual(new Set([JSON.stringify([null, null, null, null])]));
    // The shop's pages name themselves canonical, so the canonical is the fetched URL.
    expect(catalog.every((product) => product.canonical_url === product.url)).toBe(true);

    const expected = settleJob(full.estimate, truth.length);
    expect(job.settlement).toEqual({ ...expected, settled_at: expect.any(String) });
    // A FULL scrape reports its URLs per result as a URL scrape does: every page it read that is
    // not a product (the sitemap's other pages) is NOT_A_PRODUCT.
    expect(job.url_results).toEqual({
      OK: truth.length,
      NOT_FOUND: 0,
      NOT_A_PRODUCT: job.url_count - truth.length,
      BLOCKED_BY_ROBOTS: 0,
      ADDRESS_NOT_ALLOWED: 0,
      BLOCKED: 0,
      FAILED: 0,
    });
    expect(await usageOf(full.job_id)).toEqual([
      expect.objectContaining({
        job_type: 'FULL_SCRAPE',
        website_id: websiteId,
        quantity: truth.length,
        amount: expected.amount,
        capped: expected.capped,
      }),
    ]);
    expect((await balance()).held).toBe('0.00');
  });

  it('answers 409 CATALOG_UP_TO_DATE for another FULL scrape while the catalog is fresh', async () => {
    expectProblem(await scrape({ variant: 'FULL' }), 409, 'CATALOG_UP_TO_DATE');
  });

  it('re-scrapes the catalog’s URLs with CATALOG_URLS, which becomes the newest whole catalog', async () => {
    const created = await scrape({ variant: 'CATALOG_URLS' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      job_type: 'URL_SCRAPE',
      variant: 'CATALOG_URLS',
      url_count: shop.groundTruth.products.length,
    });
    expect(created.body).not.toHaveProperty('rejected');
    await api.post(`/jobs/scraping/${created.body.job_id}/approve`);
    const { job } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`);
    expect(job.status).toBe('COMPLETED');
    expect(job.url_results.OK).toBe(shop.groundTruth.products.length);
    expect((await catalogStore.latest(websiteId))?.version).toBe(job.job_id);
    expect((await catalogStore.latest(websiteId, 'FULL'))?.version).toBe(full.job_id);
  });

  it('answers 409 CATALOG_EXPIRED for CATALOG_URLS once the FULL catalog is past the retention, when a FULL scrape is possible again', async () => {
    const pointer = await catalogStore.latest(websiteId, 'FULL');
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: catalogPointerWrites(
          { ...(pointer as NonNullable<typeof pointer>), created_at: old },
          ['FULL'],
        ),
      }),
    );
    expectProblem(await scrape({ variant: 'CATALOG_URLS' }), 409, 'CATALOG_EXPIRED');
    const again = await scrape({ variant: 'FULL' });
    expect(again.status).toBe(201);
    await api.post(`/jobs/${again.body.job_id}/cancel`);
  });
});

describe('scrape job access', () => {
  it('lets a VIEWER read but not create or approve (403), and hides other projects (404)', async () => {
    const pending = await scrape({ urls: [productUrl(3)] });
    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    const asViewer = api.withKey(viewer.apiKey);
    expectProblem(await scrape({ urls: [productUrl(4)] }, asViewer), 403, 'INSUFFICIENT_ROLE');
    expectProblem(
      await asViewer.post(`/jobs/scraping/${pending.body.job_id}/approve`),
      403,
      'INSUFFICIENT_ROLE',
    );
    expect((await asViewer.get(`/jobs/scraping/${pending.body.job_id}`)).status).toBe(200);

    const otherProject = await newProject(customerId, owner.userId, 'Other');
    const projectKey = (await api.post('/account/api-keys', { project_id: otherProject })).body.api_key;
    const asOtherProject = api.withKey(projectKey);
    expectProblem(await scrape({ urls: [productUrl(4)] }, asOtherProject), 404, 'PROJECT_NOT_FOUND');
    expectProblem(await asOtherProject.get(`/jobs/scraping/${pending.body.job_id}`), 404, 'JOB_NOT_FOUND');
    expectProblem(
      await asOtherProject.post(`/jobs/scraping/${pending.body.job_id}/approve`),
      404,
      'JOB_NOT_FOUND',
    );
    // A website of another project is not found in this one.
    expectProblem(
      await api.post('/jobs/scraping', { project_id: otherProject, website_id: websiteId }),
      404,
      'WEBSITE_NOT_FOUND',
    );
    expectProblem(await scrape({ website_id: 'web_unknown' }), 404, 'WEBSITE_NOT_FOUND');
    await api.post(`/jobs/${pending.body.job_id}/cancel`);
  });

  it('lists scrape jobs newest first, by website and with a limit; a setup job is not a scrape job', async () => {
    const all = await api.get('/jobs/scraping', { query: { project_id: projectId, limit: 100 } });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(5);
    expect(all.body.every((job: any) => ['FULL_SCRAPE', 'URL_SCRAPE'].includes(job.job_type))).toBe(true);
    const created = all.body.map((job: any) => job.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const two = await api.get('/jobs/scraping', {
      query: { project_id: projectId, website_id: websiteId, limit: 2 },
    });
    expect(two.body.map((job: any) => job.job_id)).toEqual(
      all.body.slice(0, 2).map((job: any) => job.job_id),
    );
    expect((await api.get('/jobs/scraping', { query: { project_id: projectId, limit: 0 } })).status).toBe(
      422,
    );
    expectProblem(
      await api.get('/jobs/scraping', { query: { project_id: 'prj_unknown' } }),
      404,
      'PROJECT_NOT_FOUND',
    );
    const setups = await api.get('/jobs/setup', { query: { project_id: projectId } });
    expectProblem(await api.get(`/jobs/scraping/${setups.body[0].job_id}`), 404, 'JOB_NOT_FOUND');
  });
});

describe('approval races and failures', () => {
  it('gives two concurrent approvals one 200 and one 409, holding the cap once', async () => {
    const created = await scrape({ urls: [productUrl(5), productUrl(6)] });
    const before = await balance();
    const answers = await Promise.all(
      [1, 2].map(() => api.post(`/jobs/scraping/${created.body.job_id}/approve`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const { job } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`);
    expect(job).toMatchObject({ status: 'COMPLETED', url_results: { OK: 2 } });
    // One hold, charged once: the balance lost exactly the settlement, nothing stays held.
    const after = await balance();
    expect(after.held).toBe(before.held);
    expect((Number(before.balance) - Number(after.balance)).toFixed(2)).toBe(job.settlement.amount);
  });

  it('fails a job whose website was removed before it ran, and releases its hold', async () => {
    const created = await scrape({ urls: [productUrl(7)] });
    const before = await balance();
    expect((await api.delete(`/websites/${websiteId}`)).status).toBe(204);
    expect((await api.post(`/jobs/scraping/${created.body.job_id}/approve`)).status).toBe(200);
    const { job } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`);
    expect(job).toMatchObject({ status: 'FAILED', error_code: 'WEBSITE_REMOVED', settlement: null });
    expect(await balance()).toEqual(before);
    // Jobs of a removed website are left out of lists, as setup jobs are.
    expect((await api.get('/jobs/scraping', { query: { project_id: projectId } })).body).toEqual([]);
  });
});

describe('a shop with a Crawl-delay', () => {
  const DELAY_SECONDS = 0.2;
  let slow: RunningShop;

  afterAll(() => slow?.close());

  it('gets one request at a time across all batches, each at least the delay after the previous one ended', async () => {
    slow = await startShop({
      ...SHOP,
      name: 'crawl-delay-shop',
      products: 8,
      robots: { crawlDelay: DELAY_SECONDS },
    });
    const slowProject = await newProject(customerId, owner.userId, 'Crawl-delay');
    const setup = await api.post('/jobs/setup', {
      url: slow.url,
      country: 'US',
      currency: 'USD',
      project_id: slowProject,
    });
    const { job: setupJob } = await pollJob(api, `/jobs/setup/${setup.body.job_id}`);
    expect(setupJob.status).toBe('COMPLETED');
    // Eleven URLs: three batches of at most five, which the Map would otherwise run in parallel.
    const urls = slow.groundTruth.products.slice(0, 8).map((product) => product.url);
    urls.push(...['a', 'b', 'c'].map((name) => `${slow.origin}/products/missing-${name}`));
    const created = await api.post('/jobs/scraping', {
      project_id: slowProject,
      website_id: setupJob.website_id,
      urls,
    });
    expect(created.status).toBe(201);
    await commands.credit({ customer: customerId, amount: '10.00', reason: 'crawl-delay scrape' });

    const approvedAt = performance.now();
    expect((await api.post(`/jobs/scraping/${created.body.job_id}/approve`)).status).toBe(200);
    const { job } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`);
    expect(job).toMatchObject({ status: 'COMPLETED', url_results: { OK: 8, NOT_FOUND: 3 } });

    const requests = slow.requests
      .filter((request) => request.start >= approvedAt)
      .toSorted((a, b) => a.start - b.start);
    expect(requests.filter((request) => request.path !== '/robots.txt')).toHaveLength(11);
    for (const [index, request] of requests.entries()) {
      const previous = requests[index - 1];
      if (!previous) continue;
      // Timers have millisecond resolution, so a wait may end up to a millisecond short.
      expect(request.start - (previous.end ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(
        DELAY_SECONDS * 1000 - 1,
      );
    }
  });
});
