import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { settleJob } from '#core/pricing';
import { getRunMatches } from '#exports/run-matches';
import { sharedProducts } from '#fixtures/shared-products';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import { matchCatalogs } from '#match/index';
import { getShardingPlan } from '#matching/matching-shards';
import { dynamo } from '#store/table-services';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob } from '#test/jobs';
import { addProjectMember, newProject, newUser } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { readCsvObjects } from '#test/read-csv';
import { catalogStore } from '#websites/catalog-services';
import { catalogPointerWrites } from '#websites/dynamo-catalog-store';

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';
// The reference (260 products, 5 chunks of 60) and competitor A (80, 2 chunks) are matched in 10
// shards by the lane's Map, and B (40, 1 chunk) with them in 5: every paid job of this file runs
// sharded, the sample in one run.
process.env.MATCHING_SHARD_ABOVE = '320';
process.env.MATCHING_SHARD_PRODUCTS = '120';

/**
 * Three shops selling windows of one product range (ShopSpec.catalogOffset), so which of their
 * products are the same is known: the reference sells range items 100..359, competitor A 60..139
 * (40 shared with the reference), competitor B 120..159 (all 40 shared with the reference; 20 shared
 * with A, which connect to A only through the reference). 260 reference products × 2 competitors
 * are 520 units, just above the minimum charge, so a grown reference catalog raises the price.
 */
const BASE: Omit<ShopSpec, 'name' | 'products'> = {
  seed: 'matching-range',
  platform: 'shopify',
  data: 'JSONLD',
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
};
const REFERENCE: ShopSpec = { ...BASE, name: 'reference-shop', products: 260, catalogOffset: 100 };
const COMPETITOR_A: ShopSpec = { ...BASE, name: 'competitor-a', products: 80, catalogOffset: 60 };
const COMPETITOR_B: ShopSpec = { ...BASE, name: 'competitor-b', products: 40, catalogOffset: 120 };
const UNSCRAPED: ShopSpec = { ...BASE, seed: 'other-range', name: 'unscraped-shop', products: 6 };

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let owner: { userId: string; apiKey: string };
let projectId: string;
let shops: RunningShop[];
let reference: { shop: RunningShop; websiteId: string };
let competitorA: { shop: RunningShop; websiteId: string };
let competitorB: { shop: RunningShop; websiteId: string };
let unscrapedId: string;

const setUp = async (shop: RunningShop): Promise<string> =>
  (await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' })).website_id;

async function fullScrape(websiteId: string): Promise<any> {
  const created = await api.post('/jobs/scraping', { project_id: projectId, website_id: websiteId });
  if (created.status !== 201) throw new Error(`scrape create answered ${created.status}: ${created.text}`);
  await api.post(`/jobs/scraping/${created.body.job_id}/approve`);
  const { job } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`);
  if (job.status !== 'COMPLETED') throw new Error(`scrape ended ${job.status}: ${job.error}`);
  return job;
}

beforeAll(async () => {
  ({ stack, api, customerId, owner, projectId } = await startOwnedProject());
  // The fourth analysis of the month costs 5.00; each FULL scrape holds its cap of 1.25 and is
  // charged the minimum of 1.00: 0.75 is left after them, less than a matching job's cap (402 test).
  await commands.credit({ customer: customerId, amount: '8.75', reason: 'setups and scrapes' });
  shops = await Promise.all([REFERENCE, COMPETITOR_A, COMPETITOR_B, UNSCRAPED].map(startShop));
  const [referenceShop, aShop, bShop] = shops as [RunningShop, RunningShop, RunningShop];
  const ids = await Promise.all(shops.map(setUp));
  [reference, competitorA, competitorB] = [referenceShop, aShop, bShop].map((shop, i) => ({
    shop,
    websiteId: ids[i] as string,
  })) as [typeof reference, typeof reference, typeof reference];
  unscrapedId = ids[3] as string;
  await Promise.all([reference, competitorA, competitorB].map((site) => fullScrape(site.websiteId)));
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await Promise.all((shops ?? []).map((shop) => shop.close()));
});

const balance = async () => (await api.get(`/customers/${customerId}/billing/balance`)).body;
const usageOf = async (jobId: string) =>
  (await api.get(`/customers/${customerId}/billing/usage`)).body.items.filter(
    (item: any) => item.job_id === jobId,
  );
const matching = (body: Record<string, unknown> = {}, client = api) =>
  client.post('/jobs/matching', {
    project_id: projectId,
    reference_website_id: reference.websiteId,
    competitor_website_ids: [competitorA.websiteId, competitorB.websiteId],
    ...body,
  });
const pollMatching = (jobId: string) => pollJob(api, `/jobs/matching/${jobId}`);

/** The project's matches file of the reference website, downloaded through its presigned URL. */
async function matchesFile(dataset: 'matches' | 'price_comparison') {
  const link = await api.get(`/exports/${dataset}/url`, {
    query: { project_id: projectId, website_id: reference.websiteId },
  });
  expect(link.status).toBe(200);
  const response = await fetch(link.body.url);
  expect(response.status).toBe(200);
  return readCsvObjects(await response.text());
}

/** The pairs that are really the same product, as `reference url -> competitor url` keys. */
function truePairs(): Set<string> {
  return new Set(
    [competitorA, competitorB].flatMap((competitor) =>
      sharedProducts(reference.shop, competitor.shop).map((pair) => `${pair.url} ${pair.match_url}`),
    ),
  );
}

describe('creating a matching job', () => {
  it('refuses invalid competitor lists (422), unknown websites (404) and websites without a catalog (409)', async () => {
    expect((await matching({ competitor_website_ids: [] })).status).toBe(422);
    expect(
      (await matching({ competitor_website_ids: [competitorA.websiteId, competitorA.websiteId] })).status,
    ).toBe(422);
    expect((await matching({ competitor_website_ids: [reference.websiteId] })).status).toBe(422);
    expect(
      (await matching({ competitor_website_ids: Array.from({ length: 21 }, (_, i) => `web_${i}`) })).status,
    ).toBe(422);
    expect((await matching({ sample: 'yes' })).status).toBe(422);
    expectProblem(await matching({ competitor_website_ids: ['web_unknown'] }), 404, 'WEBSITE_NOT_FOUND');
    expectProblem(await matching({ reference_website_id: 'web_unknown' }), 404, 'WEBSITE_NOT_FOUND');
    expectProblem(await matching({ competitor_website_ids: [unscrapedId] }), 409, 'NO_CATALOG');
  });
});

describe('the free sample', () => {
  it('runs at once without approval, matches the first reference products, charges nothing, and is given once', async () => {
    const before = await balance();
    const created = await matching({ sample: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      job_type: 'MATCHING',
      status: 'RUNNING',
      sample: true,
      estimate: null,
      website_id: reference.websiteId,
      reference_website_id: reference.websiteId,
      competitor_website_ids: [competitorA.websiteId, competitorB.websiteId],
    });
    // While it runs, the same request answers the same job.
    const again = await matching({ sample: true });
    if (again.status === 200) expect(again.body.job_id).toBe(created.body.job_id);
    else expectProblem(again, 409, 'SAMPLE_ALREADY_USED');

    const { job } = await pollMatching(created.body.job_id);
    expect(job.status).toBe('COMPLETED');
    expect(job.matching_progress).toMatchObject({
      products_total: 200,
      products_processed: 200,
      products_checked: 200,
      products_skipped_not_modified: 0,
      percent: 100,
      phase: 'DONE',
      estimated_minutes_left: 0,
    });
    // The first 100 reference products hold 40 of A's and 40 of B's shared products.
    expect(job.matching_progress.new_matches).toBeGreaterThanOrEqual(72);
    expect(job.settlement).toMatchObject({ quantity: 200, amount: '0.00', capped: false });
    expect(await balance()).toEqual(before);
    expect(await usageOf(job.job_id)).toEqual([]);
    expectProblem(await matching({ sample: true }), 409, 'SAMPLE_ALREADY_USED');
    expectProblem(await api.post(`/jobs/matching/${job.job_id}/approve`), 409, 'JOB_NOT_AWAITING_APPROVAL');
    expectProblem(await api.post(`/jobs/${job.job_id}/cancel`), 409, 'JOB_NOT_CANCELLABLE');
  });
});

describe('a paid matching job', () => {
  let first: any;

  it('is quoted per 1000 reference products times competitors, and an identical unfinished request returns it', async () => {
    const created = await matching();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'AWAITING_APPROVAL',
      sample: false,
      matching_progress: null,
      overlap: null,
      websites: null,
      estimate: { currency: 'EUR', quantity: 520, input_products: 260, total: '1.04', cap: '1.30' },
    });
    const reordered = await matching({
      competitor_website_ids: [competitorB.websiteId, competitorA.websiteId],
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.job_id).toBe(created.body.job_id);
    first = created.body;
  });

  it('is refused 402 without credit, then approved, matched as the shops’ truth says, and charged once', async () => {
    expect(await balance()).toMatchObject({ spendable: '0.75', held: '0.00' });
    expectProblem(await api.post(`/jobs/matching/${first.job_id}/approve`), 402, 'INSUFFICIENT_FUNDS');
    expect((await api.get(`/jobs/matching/${first.job_id}`)).body.status).toBe('AWAITING_APPROVAL');

    await commands.credit({ customer: customerId, amount: '50.00', reason: 'matching tests' });
    const before = await balance();
    const approved = await api.post(`/jobs/matching/${first.job_id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      approval: { approved_by: owner.userId, approved_at: expect.any(String) },
    });
    expectProblem(await api.post(`/jobs/${first.job_id}/cancel`), 409, 'JOB_NOT_CANCELLABLE');

    const { job, seen } = await pollMatching(first.job_id);
    expect(job.status).toBe('COMPLETED');
    // Whatever progress was read on the way only grew, and named a phase of the lane.
    const processed = seen.flatMap((snapshot) => snapshot.matching_progress?.products_processed ?? []);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    for (const snapshot of seen.filter((s) => s.matching_progress)) {
      expect(['LOADING_CATALOGS', 'MATCHING_PRODUCTS', 'SETTLING', 'EXPORTING', 'DONE']).toContain(
        snapshot.matching_progress.phase,
      );
    }
    expect(job.matching_progress).toMatchObject({
      products_total: 520,
      products_processed: 520,
      products_checked: 520,
      products_skipped_not_modified: 0,
      phase: 'DONE',
      percent: 100,
    });
    expect(job.websites).toEqual([
      { website_id: reference.websiteId, products: 260, modified: 260 },
      { website_id: competitorA.websiteId, products: 80, modified: 80 },
      { website_id: competitorB.websiteId, products: 40, modified: 40 },
    ]);

    // The matches file against the truth of which products the shops share.
    const rows = await matchesFile('matches');
    const found = new Set(rows.map((row) => `${row.reference_url} ${row.competitor_url}`));
    const truth = truePairs();
    const correct = [...found].filter((pair) => truth.has(pair)).length;
    expect(truth.size).toBe(80);
    expect(correct / found.size).toBeGreaterThanOrEqual(0.95);
    expect(correct / truth.size).toBeGreaterThanOrEqual(0.95);
    const comparison = await matchesFile('price_comparison');
    expect(comparison).toHaveLength(260);

    // A and B share 20 products that only the reference connects.
    const overlap = (a: string, b: string) =>
      job.overlap.find((item: any) => item.website_id === a && item.match_website_id === b)?.products;
    expect(overlap(reference.websiteId, competitorA.websiteId)).toBeGreaterThanOrEqual(38);
    expect(overlap(reference.websiteId, competitorB.websiteId)).toBeGreaterThanOrEqual(38);
    expect(overlap(competitorA.websiteId, competitorB.websiteId)).toBeGreaterThanOrEqual(18);

    const expected = settleJob(approved.body.estimate, 520);
    expect(job.settlement).toEqual({ ...expected, settled_at: expect.any(String) });
    expect(await usageOf(job.job_id)).toEqual([
      expect.objectContaining({
        job_type: 'MATCHING',
        website_id: reference.websiteId,
        quantity: 520,
        amount: expected.amount,
      }),
    ]);
    const after = await balance();
    expect(after.held).toBe('0.00');
    expect((Number(before.balance) - Number(after.balance)).toFixed(2)).toBe(expected.amount);
  });

  it('was matched in shards by the lane’s Map, with the matches one run gives', async () => {
    const plan = await getShardingPlan(first.job_id);
    expect(plan.pairs.map((pair) => [pair.competitor_website_id, pair.shards])).toEqual([
      [competitorA.websiteId, 10],
      [competitorB.websiteId, 5],
    ]);
    const catalogOf = async (websiteId: string) => {
      const pointer = await catalogStore.latest(websiteId);
      if (!pointer) throw new Error(`no catalog of ${websiteId}`);
      return catalogStore.read(pointer);
    };
    const single = await matchCatalogs(
      { website_id: reference.websiteId, products: await catalogOf(reference.websiteId) },
      [{ website_id: competitorA.websiteId, products: await catalogOf(competitorA.websiteId) }],
    );
    const sharded = (await getRunMatches(first.job_id)).filter(
      (match) => match.competitor_website_id === competitorA.websiteId,
    );
    expect(single.matches.length).toBeGreaterThan(30);
    // The run's match records keep the confidence to three decimals: the pairs are compared.
    expect(new Set(sharded.map((match) => `${match.reference_url} ${match.competitor_url}`))).toEqual(
      new Set(single.matches.map((match) => `${match.reference_url} ${match.url}`)),
    );
  });

  it('skips every product the second time when nothing changed', async () => {
    const created = await matching();
    expect(created.status).toBe(201);
    expect((await api.post(`/jobs/matching/${created.body.job_id}/approve`)).status).toBe(200);
    const { job } = await pollMatching(created.body.job_id);
    expect(job.status).toBe('COMPLETED');
    expect(job.matching_progress).toMatchObject({
      products_total: 520,
      products_processed: 520,
      products_checked: 0,
      products_skipped_not_modified: 520,
      new_matches: 0,
    });
    expect(job.websites.map((site: any) => site.modified)).toEqual([0, 0, 0]);
    expect(job.settlement.quantity).toBe(520);
  });
});

describe('approval at the current products', () => {
  it('refuses a higher price once with the new quote, then accepts it; new products are matched, the rest skipped', async () => {
    const created = await matching();
    expect(created.body.estimate).toMatchObject({ quantity: 520, total: '1.04' });

    // The reference shop adds 40 products; a FULL scrape (possible again once the catalog is not fresh) delivers them.
    reference.shop.resize(300);
    const pointer = await catalogStore.latest(reference.websiteId, 'FULL');
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: catalogPointerWrites(
          { ...(pointer as NonNullable<typeof pointer>), created_at: old },
          ['FULL'],
        ),
      }),
    );
    await fullScrape(reference.websiteId);

    const refused = await api.post(`/jobs/matching/${created.body.job_id}/approve`);
    expectProblem(refused, 409, 'QUOTE_CHANGED');
    expect(refused.body.job).toMatchObject({
      job_id: created.body.job_id,
      status: 'AWAITING_APPROVAL',
      estimate: { quantity: 600, input_products: 300, total: '1.20' },
    });
    expect((await api.get(`/jobs/matching/${created.body.job_id}`)).body).toMatchObject({
      status: 'AWAITING_APPROVAL',
      estimate: { quantity: 600, total: '1.20' },
    });
    const approved = await api.post(`/jobs/matching/${created.body.job_id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.estimate).toMatchObject({ quantity: 600, total: '1.20' });

    const { job } = await pollMatching(created.body.job_id);
    expect(job.status).toBe('COMPLETED');
    expect(job.matching_progress).toMatchObject({
      products_total: 600,
      products_checked: 80,
      products_skipped_not_modified: 520,
    });
    expect(job.websites[0]).toEqual({ website_id: reference.websiteId, products: 300, modified: 40 });
    expect(job.settlement).toMatchObject({
      quantity: 600,
      amount: settleJob(approved.body.estimate, 600).amount,
    });
  });

  it('lets a job awaiting approval be cancelled, after which it cannot be approved', async () => {
    const created = await matching({ competitor_website_ids: [competitorA.websiteId] });
    expect(created.status).toBe(201);
    const cancelled = await api.post(`/jobs/${created.body.job_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'CANCELLED',
      job_type: 'MATCHING',
      reference_website_id: reference.websiteId,
    });
    expectProblem(
      await api.post(`/jobs/matching/${created.body.job_id}/approve`),
      409,
      'JOB_NOT_AWAITING_APPROVAL',
    );
  });
});

describe('matching job access and lists', () => {
  it('lets a VIEWER read but not create or approve, an EDITOR create; hides other projects', async () => {
    const pending = await matching({ competitor_website_ids: [competitorB.websiteId] });
    expect(pending.status).toBe(201);
    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    const asViewer = api.withKey(viewer.apiKey);
    expectProblem(await matching({}, asViewer), 403, 'INSUFFICIENT_ROLE');
    expectProblem(
      await asViewer.post(`/jobs/matching/${pending.body.job_id}/approve`),
      403,
      'INSUFFICIENT_ROLE',
    );
    expect((await asViewer.get(`/jobs/matching/${pending.body.job_id}`)).status).toBe(200);
    expect((await asViewer.get('/jobs/matching', { query: { project_id: projectId } })).status).toBe(200);

    const editor = await newUser();
    await addProjectMember(projectId, editor.userId, 'EDITOR');
    const asEditor = api.withKey(editor.apiKey);
    const same = await matching({ competitor_website_ids: [competitorB.websiteId] }, asEditor);
    expect(same.status).toBe(200);
    expect(same.body.job_id).toBe(pending.body.job_id);

    const otherProject = await newProject(customerId, owner.userId, 'Other');
    const projectKey = (await api.post('/account/api-keys', { project_id: otherProject })).body.api_key;
    const asOtherProject = api.withKey(projectKey);
    expectProblem(await matching({}, asOtherProject), 404, 'PROJECT_NOT_FOUND');
    expectProblem(
      await asOtherProject.get('/jobs/matching', { query: { project_id: projectId } }),
      404,
      'PROJECT_NOT_FOUND',
    );
    expectProblem(await asOtherProject.get(`/jobs/matching/${pending.body.job_id}`), 404, 'JOB_NOT_FOUND');
    expectProblem(
      await asOtherProject.post(`/jobs/matching/${pending.body.job_id}/approve`),
      404,
      'JOB_NOT_FOUND',
    );
    // Websites of this project are not found in the other one.
    expectProblem(
      await api.post('/jobs/matching', {
        project_id: otherProject,
        reference_website_id: reference.websiteId,
        competitor_website_ids: [competitorA.websiteId],
      }),
      404,
      'WEBSITE_NOT_FOUND',
    );
    await api.post(`/jobs/${pending.body.job_id}/cancel`);
  });

  it('lists matching jobs newest first with their counters and a limit; other jobs are not matching jobs', async () => {
    const all = await api.get('/jobs/matching', { query: { project_id: projectId, limit: 100 } });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(6);
    expect(all.body.every((job: any) => job.job_type === 'MATCHING')).toBe(true);
    const created = all.body.map((job: any) => job.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.body.some((job: any) => job.matching_progress?.products_processed > 0)).toBe(true);
    const two = await api.get('/jobs/matching', { query: { project_id: projectId, limit: 2 } });
    expect(two.body.map((job: any) => job.job_id)).toEqual(
      all.body.slice(0, 2).map((job: any) => job.job_id),
    );
    expect((await api.get('/jobs/matching', { query: { project_id: projectId, limit: 0 } })).status).toBe(
      422,
    );
    expect((await api.get('/jobs/matching')).status).toBe(422);
    expectProblem(
      await api.get('/jobs/matching', { query: { project_id: 'prj_unknown' } }),
      404,
      'PROJECT_NOT_FOUND',
    );
    const scrapes = await api.get('/jobs/scraping', { query: { project_id: projectId } });
    expectProblem(await api.get(`/jobs/matching/${scrapes.body[0].job_id}`), 404, 'JOB_NOT_FOUND');
  });
});
