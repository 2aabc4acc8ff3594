import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '#admin/commands';
import { productId } from '#core/product-id';
import type { TruthProduct } from '#fixtures/ground-truth';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import { CHANGE_KINDS } from '#history/price-changes';
import { appendHistoryRun, historyPrefix } from '#history/price-history';
import type { PriceObservation } from '#history/price-observation';
import type { RunningStack } from '#local/start-stack';
import { dataBucketObjects } from '#store/data-bucket-services';
import { handler as sweepJobs } from '#tasks/sweep-idle-jobs';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob } from '#test/jobs';
import { newCustomer, newProject, newUser } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { readCsvObjects } from '#test/read-csv';
import { readParquet } from '#test/read-export-files';
import { startWebhookReceiver } from '#test/webhook-receiver';

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';

/**
 * Price history and changes through HTTP on the local stack. Two shops sell one product range: the
 * reference sells its first 20 products, the competitor its first 30. Both are scraped, matched, and
 * then the competitor's prices and stock move (the fixture's revision switch) and its last two
 * products are withdrawn before it is scraped again: the changes are exactly what the fixture moved.
 * The project's `change_threshold_percent` is 15 while the second scrape finishes, so its events
 * leave out the 10 % cuts and announce the 20 % rises of matched products as price gaps crossed.
 */
const BASE: Omit<ShopSpec, 'name' | 'products'> = {
  seed: 'history-range',
  platform: 'shopify',
  data: 'JSONLD',
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
};
const REFERENCE: ShopSpec = { ...BASE, name: 'history-reference', products: 20 };
const COMPETITOR: ShopSpec = { ...BASE, name: 'history-competitor', products: 30 };

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let ownerId: string;
let projectId: string;
let shops: RunningShop[];
let competitor: RunningShop;
let reference: RunningShop;
let referenceId: string;
let competitorId: string;
let before: TruthProduct[];
let after: TruthProduct[];
let firstScrape: any;
let secondScrape: any;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

async function scrape(websiteId: string, variant: 'FULL' | 'CATALOG_URLS'): Promise<any> {
  const created = await api.post('/jobs/scraping', { project_id: projectId, website_id: websiteId, variant });
  if (created.status !== 201) throw new Error(`scrape create answered ${created.status}: ${created.text}`);
  await api.post(`/jobs/scraping/${created.body.job_id}/approve`);
  const { job } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`);
  if (job.status !== 'COMPLETED') throw new Error(`scrape ended ${job.status}: ${job.error}`);
  return job;
}

async function setThreshold(percent: number | null): Promise<void> {
  const patched = await api.patch(`/projects/${projectId}`, { change_threshold_percent: percent });
  if (patched.status !== 200) throw new Error(`project patch answered ${patched.status}: ${patched.text}`);
}

/** The events the receiver got of one type. */
const received = (type: string) =>
  receiver.received
    .map((request) => JSON.parse(String(request.rawBody)))
    .filter((event) => event.type === type);

/** How far `price` lies from `base`, in percent of `base`. */
const percentFrom = (base: string, price: string) => ((Number(price) - Number(base)) / Number(base)) * 100;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ redirectTo: 'http://127.0.0.1:9/' });
  process.env.WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${receiver.port}`;
  let owner: { userId: string };
  ({ stack, api, customerId, projectId, owner } = await startOwnedProject());
  const hook = await api.post('/webhooks', {
    project_id: projectId,
    url: receiver.url('/ok'),
    events: ['changes.detected', 'match.price_gap_changed'],
  });
  if (hook.status !== 201) throw new Error(`webhook create answered ${hook.status}: ${hook.text}`);
  ownerId = owner.userId;
  await commands.credit({ customer: customerId, amount: '50.00', reason: 'price history tests' });
  shops = await Promise.all([REFERENCE, COMPETITOR].map(startShop));
  [reference, competitor] = shops as [RunningShop, RunningShop];
  [referenceId, competitorId] = await Promise.all(
    shops.map(
      async (shop) =>
        (await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' })).website_id,
    ),
  );
  [, firstScrape] = await Promise.all([scrape(referenceId, 'FULL'), scrape(competitorId, 'FULL')]);
  const matching = await api.post('/jobs/matching', {
    project_id: projectId,
    reference_website_id: referenceId,
    competitor_website_ids: [competitorId],
  });
  if (matching.status !== 201)
    throw new Error(`matching create answered ${matching.status}: ${matching.text}`);
  await api.post(`/jobs/matching/${matching.body.job_id}/approve`);
  const { job } = await pollJob(api, `/jobs/matching/${matching.body.job_id}`);
  if (job.status !== 'COMPLETED') throw new Error(`matching ended ${job.status}: ${job.error}`);

  before = [...competitor.groundTruth.products];
  competitor.revise(1);
  competitor.resize(28);
  after = [...competitor.groundTruth.products];
  await setThreshold(15);
  secondScrape = await scrape(competitorId, 'CATALOG_URLS');
  await setThreshold(null);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await Promise.all([...(shops ?? []).map((shop) => shop.close()), receiver?.close()]);
});

/** What the fixture moved, from its truth before and after, as `kind url` keys. */
function movedByFixture(): string[] {
  const now = new Map(after.map((product) => [product.url, product]));
  const keys: string[] = [];
  for (const old of before) {
    const current = now.get(old.url);
    if (!current) {
      keys.push(`PRODUCT_GONE ${old.url}`);
      continue;
    }
    if (Number(current.price) !== Number(old.price))
      keys.push(`${Number(current.price) < Number(old.price) ? 'PRICE_DOWN' : 'PRICE_UP'} ${old.url}`);
    if (old.availability === 'IN_STOCK' && current.availability === 'OUT_OF_STOCK')
      keys.push(`OUT_OF_STOCK ${old.url}`);
    if (old.availability === 'OUT_OF_STOCK' && current.availability === 'IN_STOCK')
      keys.push(`BACK_IN_STOCK ${old.url}`);
  }
  return keys.sort();
}

const changes = (query: Record<string, string | number> = {}) =>
  api.get(`/projects/${projectId}/changes`, { query: { limit: 100, ...query } });

describe('changes between two scrapes of a website', () => {
  it('are exactly what the shop moved: price cuts and rises, stock out and back, products gone', async () => {
    const moved = movedByFixture();
    // The switch moves 2 cuts, 3 rises, 3 stock turns (a preorder stays) and withdraws 2 products.
    expect(moved.filter((key) => key.startsWith('PRICE_')).length).toBe(5);
    expect(moved.filter((key) => key.startsWith('PRODUCT_GONE')).length).toBe(2);
    const listed = await changes();
    expect(listed.status).toBe(200);
    expect(listed.body.map((change: any) => `${change.kind} ${change.product_url}`).sort()).toEqual(moved);
    for (const change of listed.body) {
      expect(change).toMatchObject({
        website_id: competitorId,
        job_id: secondScrape.job_id,
        project_id: projectId,
      });
      expect(change.detected_at).toBe(secondScrape.settlement.settled_at);
    }
  });

  it('are announced to webhooks as one changes.detected event of the scrape, counted by kind', async () => {
    // The first scrapes of each website have no scrape before them, so the only event is the second's.
    await vi.waitFor(() => expect(received('changes.detected').length).toBe(1), {
      timeout: 20_000,
      interval: 100,
    });
    const [event] = received('changes.detected');
    expect(event).toMatchObject({ type: 'changes.detected', project_id: projectId });
    // The 15 % threshold of the project then leaves out the 10 % cuts.
    const moved = movedByFixture().filter((key) => !key.startsWith('PRICE_DOWN'));
    const counts: Record<string, number> = {};
    for (const key of moved) {
      const kind = key.split(' ')[0] as string;
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    expect(event.data).toMatchObject({
      job_id: secondScrape.job_id,
      website_id: competitorId,
      counts,
      truncated: false,
    });
    expect(event.data.changes.map((change: any) => `${change.kind} ${change.product_url}`).sort()).toEqual(
      moved,
    );
  });

  it('carry the prices, the absolute and relative change, and the matched reference product', async () => {
    const cut = (await changes({ kind: 'PRICE_DOWN' })).body[0];
    const old = before.find((product) => product.url === cut.product_url) as TruthProduct;
    const now = after.find((product) => product.url === cut.product_url) as TruthProduct;
    expect(cut).toMatchObject({
      kind: 'PRICE_DOWN',
      previous_price: old.price,
      current_price: now.price,
      currency: 'USD',
      product_name: now.name,
      product_id: productId(cut.product_url),
    });
    expect(Number(cut.price_change)).toBeCloseTo(Number(now.price) - Number(old.price), 2);
    expect(cut.price_change_percent).toBeCloseTo(
      ((Number(now.price) - Number(old.price)) / Number(old.price)) * 100,
      1,
    );
    // The competitor's product at the same place of the range is the reference's (first 20 shared).
    // Product 9, the first cut, is within them.
    const index = before.indexOf(old);
    expect(index).toBe(9);
    const referenceProduct = reference.groundTruth.products[index] as TruthProduct;
    // Both shops are generated from one seed: the reference sells the product at the competitor's old price.
    expect(referenceProduct.price).toBe(old.price);
    expect(cut.matched_reference).toMatchObject({
      website_id: referenceId,
      product_id: productId(referenceProduct.url),
      url: referenceProduct.url,
      name: referenceProduct.name,
      price: referenceProduct.price,
      currency: 'USD',
      previous_gap_percent: 0,
    });
    expect(cut.matched_reference.gap_percent).toBeCloseTo(percentFrom(referenceProduct.price, now.price), 1);
    const gone = (await changes({ kind: 'PRODUCT_GONE' })).body;
    // Products 28 and 29 are beyond the reference's range: nothing links them.
    expect(gone.map((change: any) => change.matched_reference)).toEqual([null, null]);
  });

  it('announce each matched price move whose gap to the reference crosses the threshold', async () => {
    // Products 4 and 14 rise 20 % from the reference's price, past the 15 % threshold; the cuts of
    // products 9 and 19 (10 %) stay within it, and the rise of product 24 has no reference.
    const rises = [4, 14];
    await vi.waitFor(() => expect(received('match.price_gap_changed').length).toBe(rises.length), {
      timeout: 20_000,
      interval: 100,
    });
    const events = received('match.price_gap_changed').sort((a, b) =>
      a.data.competitor.url.localeCompare(b.data.competitor.url),
    );
    const expected = rises
      .map((index) => {
        const old = before[index] as TruthProduct;
        const now = after[index] as TruthProduct;
        const referenceProduct = reference.groundTruth.products[index] as TruthProduct;
        return { old, now, referenceProduct };
      })
      .sort((a, b) => a.old.url.localeCompare(b.old.url));
    const listed = (await changes({ kind: 'PRICE_UP' })).body;
    for (const [n, { old, now, referenceProduct }] of expected.entries()) {
      const event = events[n];
      expect(event).toMatchObject({
        project_id: projectId,
        data: {
          job_id: secondScrape.job_id,
          threshold_percent: 15,
          reference: {
            website_id: referenceId,
            product_id: productId(referenceProduct.url),
            url: referenceProduct.url,
            name: referenceProduct.name,
            price: referenceProduct.price,
            currency: 'USD',
          },
          competitor: {
            website_id: competitorId,
            product_id: productId(old.url),
            url: old.url,
            name: now.name,
            previous_price: old.price,
            price: now.price,
            currency: 'USD',
          },
          previous_gap_percent: 0,
        },
      });
      expect(event.data.gap_percent).toBeCloseTo(percentFrom(referenceProduct.price, now.price), 1);
      expect(event.data.gap_percent).toBeGreaterThanOrEqual(15);
      // The change the event names is in the changes list, with the reference's price beside it.
      const change = listed.find((each: any) => each.change_id === event.data.change_id);
      expect(change.product_url).toBe(old.url);
      expect(change.matched_reference).toMatchObject({
        price: referenceProduct.price,
        previous_gap_percent: 0,
        gap_percent: event.data.gap_percent,
      });
    }
  });

  it('filter by kind, website and time, and page by cursor', async () => {
    const all = (await changes()).body;
    for (const kind of CHANGE_KINDS) {
      const listed = (await changes({ kind })).body;
      expect(listed).toEqual(all.filter((change: any) => change.kind === kind));
    }
    expect((await changes({ website_id: referenceId })).body).toEqual([]);
    expect((await changes({ since: secondScrape.settlement.settled_at })).body).toEqual(all);
    const later = new Date(Date.parse(secondScrape.settlement.settled_at) + 1).toISOString();
    expect((await changes({ since: later })).body).toEqual([]);
    const paged: any[] = [];
    let cursor: string | undefined;
    do {
      const page = await changes({ limit: 3, ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      paged.push(...page.body);
      cursor = page.headers.get('x-next-cursor') ?? undefined;
    } while (cursor);
    expect(paged).toEqual(all);
  });

  it('hold price moves to the project threshold, which a request may override', async () => {
    const all = (await changes()).body;
    // The fixture cuts by 10 % and raises by 20 %: a 15 % threshold keeps the rises only.
    const kept = all.filter((change: any) => change.kind !== 'PRICE_DOWN');
    expect((await changes({ min_change_percent: 15 })).body).toEqual(kept);
    const patched = await api.patch(`/projects/${projectId}`, { change_threshold_percent: 15 });
    expect(patched.status).toBe(200);
    expect(patched.body.change_threshold_percent).toBe(15);
    expect((await changes()).body).toEqual(kept);
    expect((await changes({ min_change_percent: 0 })).body).toEqual(all);
    expect((await api.patch(`/projects/${projectId}`, { change_threshold_percent: null })).status).toBe(200);
    expect((await changes()).body).toEqual(all);
  });

  it('are exported as price_changes and the history as price_history', async () => {
    const download = async (dataset: string, websiteId: string | null = competitorId) => {
      const link = await api.get(`/exports/${dataset}/url`, {
        query: { project_id: projectId, ...(websiteId ? { website_id: websiteId } : {}) },
      });
      expect(link.status).toBe(200);
      return readCsvObjects(await (await fetch(link.body.url)).text());
    };
    const changed = await download('price_changes');
    expect(changed.map((row) => `${row.kind} ${row.product_url}`).sort()).toEqual(movedByFixture());
    const history = await download('price_history');
    // 30 products seen by the first scrape, 28 by the second.
    expect(history.length).toBe(58);
    expect(new Set(history.map((row) => row.job_id))).toEqual(
      new Set([firstScrape.job_id, secondScrape.job_id]),
    );
    // The project's file holds every website's history: the reference's 20 products besides.
    const projectHistory = await download('price_history', null);
    expect(projectHistory.length).toBe(78);
    expect(new Set(projectHistory.map((row) => row.website_id))).toEqual(
      new Set([referenceId, competitorId]),
    );
    expect((await download('price_changes', null)).length).toBe(changed.length);

    // A link builds only the format asked for: the others are listed once they are asked for.
    const listed = async () =>
      (await api.get('/exports', { query: { project_id: projectId } })).body.filter(
        (item: any) => item.dataset === 'price_history' && item.website_id === competitorId,
      );
    expect((await listed()).map((item: any) => item.format)).toEqual(['csv']);
    const link = await api.get('/exports/price_history/url', {
      query: { project_id: projectId, website_id: competitorId, format: 'parquet' },
    });
    expect(link.status).toBe(200);
    const parquet = Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
    expect((await readParquet(parquet)).rows).toHaveLength(history.length);
    const both = await listed();
    expect(both.map((item: any) => item.format).sort()).toEqual(['csv', 'parquet']);
    expect(both.find((item: any) => item.format === 'parquet').bytes).toBe(parquet.byteLength);
  });

  it('refuse bad input: an unknown website filter (404), an unknown kind (422), another project (404)', async () => {
    expectProblem(await changes({ website_id: 'web_unknown' }), 404, 'WEBSITE_NOT_FOUND');
    expectProblem(await changes({ kind: 'PRICE_SIDEWAYS' }), 422, 'VALIDATION_ERROR');
    expectProblem(await changes({ min_change_percent: '-5' }), 422, 'VALIDATION_ERROR');
    const other = await newUser(await newCustomer(), 'OWNER');
    expectProblem(
      await api.withKey(other.apiKey).get(`/projects/${projectId}/changes`),
      404,
      'PROJECT_NOT_FOUND',
    );
    const otherProject = await newProject(customerId, ownerId);
    expectProblem(
      await api.get(`/projects/${otherProject}/changes`, { query: { website_id: competitorId } }),
      404,
      'WEBSITE_NOT_FOUND',
    );
  });
});

describe("a product's history", () => {
  const history = (query: Record<string, string>, websiteId = competitorId, client = api) =>
    client.get(`/websites/${websiteId}/products/history`, { query });

  it('holds every scrape of the product, by URL or by id', async () => {
    const old = before[9] as TruthProduct;
    const now = after[9] as TruthProduct;
    const byUrl = await history({ product_url: old.url });
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.product_id).toBe(productId(old.url));
    expect(byUrl.body.points.map((point: any) => [point.job_id, point.price, point.availability])).toEqual([
      [firstScrape.job_id, old.price, old.availability],
      [secondScrape.job_id, now.price, now.availability],
    ]);
    expect((await history({ product_id: byUrl.body.product_id })).body).toEqual(byUrl.body);
    const gone = await history({ product_url: (before[29] as TruthProduct).url });
    expect(gone.body.points.map((point: any) => point.job_id)).toEqual([firstScrape.job_id]);
  });

  it('is cut to a time range', async () => {
    const url = (before[9] as TruthProduct).url;
    const [first, second] = (await history({ product_url: url })).body.points;
    const onlySecond = await history({ product_url: url, from: second.observed_at });
    expect(onlySecond.body.points).toEqual([second]);
    const onlyFirst = await history({ product_url: url, to: first.observed_at });
    expect(onlyFirst.body.points).toEqual([first]);
    const later = new Date(Date.parse(second.observed_at) + 1000).toISOString();
    expect((await history({ product_url: url, from: later })).body.points).toEqual([]);
  });

  it('refuses bad input', async () => {
    const url = (before[0] as TruthProduct).url;
    expectProblem(
      await history({ product_url: url, from: '2026-03-02T10:00:00Z', to: '2026-03-01T10:00:00Z' }),
      422,
      'INVALID_TIME_RANGE',
    );
    expectProblem(
      await history({ product_url: `${competitor.origin}/products/never-sold` }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectProblem(await history({ product_id: 'prd_123' }), 422, 'VALIDATION_ERROR');
    expectProblem(await history({ product_url: 'not a url' }), 422, 'VALIDATION_ERROR');
    expectProblem(await history({}), 422, 'VALIDATION_ERROR');
    expectProblem(await history({ product_url: url, product_id: productId(url) }), 422, 'VALIDATION_ERROR');
    expectProblem(await history({ product_url: url, from: 'yesterday' }), 422, 'VALIDATION_ERROR');
    expectProblem(await history({ product_url: url }, 'web_unknown'), 404, 'WEBSITE_NOT_FOUND');
    expectProblem(await history({ product_url: url }, 'web_$bad'), 422, 'VALIDATION_ERROR');
    const other = await newUser(await newCustomer(), 'OWNER');
    expectProblem(
      await history({ product_url: url }, competitorId, api.withKey(other.apiKey)),
      404,
      'WEBSITE_NOT_FOUND',
    );
  });
});

describe('history of 1,000 products over 30 runs', () => {
  const PRODUCTS = 1000;
  const RUNS = 30;
  const urlOf = (product: number) => `https://volume.example/products/${product}`;

  it('is read back for one product from its shard alone', async () => {
    // The runs go in through the module a scrape writes with, straight into the local S3 fake, into
    // the reference website's history (which holds its one real run beside them).
    const day = Date.parse('2026-01-01T00:00:00.000Z');
    for (let run = 0; run < RUNS; run++) {
      const observed_at = new Date(day + run * 86_400_000).toISOString();
      const observations: PriceObservation[] = Array.from({ length: PRODUCTS }, (_, product) => ({
        product_id: productId(urlOf(product)),
        url: urlOf(product),
        price: `${100 + product + run}.00`,
        currency: 'EUR',
        availability: 'IN_STOCK',
        observed_at,
        job_id: `job_run${run}`,
      }));
      await appendHistoryRun(dataBucketObjects, {
        projectId,
        websiteId: referenceId,
        jobId: `job_run${run}`,
        observations,
      });
    }
    const prefix = historyPrefix(projectId, referenceId);
    const shardPrefix = `${prefix}${productId(urlOf(417)).slice(4, 6)}/`;
    const allKeys = await dataBucketObjects.list(prefix);
    const shardKeys = await dataBucketObjects.list(shardPrefix);
    // Each run writes one object per shard its 1,000 products fall in: one shard is a small part of it.
    const shards = new Set(
      Array.from({ length: PRODUCTS }, (_, product) => productId(urlOf(product)).slice(4, 6)),
    );
    expect(shards.size).toBeGreaterThan(240);
    expect(allKeys.length).toBeGreaterThanOrEqual(shards.size * RUNS);
    expect(shardKeys.length).toBeLessThanOrEqual(RUNS + 1);

    const reads = vi.spyOn(dataBucketObjects, 'get');
    const lists = vi.spyOn(dataBucketObjects, 'list');
    const answer = await api.get(`/websites/${referenceId}/products/history`, {
      query: { product_url: urlOf(417) },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.points.map((point: any) => point.price)).toEqual(
      Array.from({ length: RUNS }, (_, run) => `${517 + run}.00`),
    );
    expect(lists.mock.calls).toEqual([[shardPrefix]]);
    expect(reads.mock.calls.map(([key]) => key).sort()).toEqual(shardKeys);

    reads.mockClear();
    const range = await api.get(`/websites/${referenceId}/products/history`, {
      query: { product_url: urlOf(417), from: '2026-01-11T00:00:00.000Z', to: '2026-01-20T00:00:00.000Z' },
    });
    expect(range.body.points.map((point: any) => point.job_id)).toEqual(
      Array.from({ length: 10 }, (_, run) => `job_run${run + 10}`),
    );
    // Only the runs the key names place in the range are read.
    expect(reads.mock.calls.length).toBe(10);
    reads.mockRestore();
    lists.mockRestore();
  });
});

describe('a history that cannot be written when its scrape finishes', () => {
  it('is held, and the job sweeper writes it later: the run is not lost', async () => {
    const url = (reference.groundTruth.products[3] as TruthProduct).url;
    const points = async () =>
      (await api.get(`/websites/${referenceId}/products/history`, { query: { product_url: url } })).body
        .points;
    const writes = vi.spyOn(dataBucketObjects, 'put').mockRejectedValue(new Error('bucket unavailable'));
    const job = await scrape(referenceId, 'CATALOG_URLS');
    writes.mockRestore();
    expect((await points()).map((point: any) => point.job_id)).not.toContain(job.job_id);
    await sweepJobs();
    expect((await points()).map((point: any) => point.job_id)).toContain(job.job_id);
    expect((await sweepJobs()).history_recorded).toEqual([]);
  });
});
