import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { ledger } from '#billing/ledger-services';
import { parseMoney } from '#core/money';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import { handler as runSchedules } from '#tasks/run-schedules';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob } from '#test/jobs';
import { expectSettledLedger, ledgerEntries } from '#test/ledger-check';
import { newCustomer } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';

// This file asserts no crawl timing: the lanes crawl its local shop without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';

/**
 * The customer's monthly spend limit wherever money is held for them: a user's approvals, a
 * schedule's runs, the ledger itself, alone and in parallel races. After each test every job has
 * ended and the ledger replays to the balance with no hold left open.
 */
const SHOP: ShopSpec = {
  name: 'spend-limit-shop',
  platform: 'shopify',
  data: 'JSONLD',
  products: 12,
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
};

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;
let websiteId: string;
let shop: RunningShop;

beforeAll(async () => {
  ({ stack, api, customerId, projectId } = await startOwnedProject());
  shop = await startShop(SHOP);
  websiteId = (await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' })).website_id;
  await commands.credit({ customer: customerId, amount: '100.00', reason: 'spend limit tests' });
});

afterAll(async () => {
  await stack?.stop();
  await shop?.close();
});

const setLimit = (limit: string) =>
  commands['set-quotas']({ customer: customerId, 'monthly-spend-limit': limit });
const customer = async () => (await api.get(`/customers/${customerId}`)).body;
const balance = async () => (await api.get(`/customers/${customerId}/billing/balance`)).body;
const productUrls = (from: number, count: number) =>
  shop.groundTruth.products.slice(from, from + count).map((product) => product.url);
const urlScrape = async (urls: string[]) => {
  const created = await api.post('/jobs/scraping', { project_id: projectId, website_id: websiteId, urls });
  expect(created.status).toBe(201);
  return created.body;
};
const cents = (money: string) => Number(parseMoney(money));
const euros = (amount: number) => (amount / 100).toFixed(2);

describe("the ledger's holds", () => {
  it('refuses a hold larger than the limit in a month with nothing committed yet, writing nothing', async () => {
    const fresh = await newCustomer();
    await commands.credit({ customer: fresh, amount: '50.00', reason: 'first charge of the month' });
    const before = await ledgerEntries(fresh);

    await expect(
      ledger.placeHold({
        customerId: fresh,
        holdId: 'hold_first',
        amount: parseMoney('1.00'),
        jobId: 'job_first',
        monthlySpendLimit: parseMoney('0.01'),
      }),
    ).rejects.toMatchObject({ status: 403, code: 'MONTHLY_SPEND_LIMIT' });

    expect(await ledgerEntries(fresh)).toEqual(before);
    expect(await expectSettledLedger(fresh)).toEqual({ balance: 5000, held: 0, spendable: 5000 });
  });

  it('places exactly as many of 30 parallel holds as the limit admits, counting the open ones', async () => {
    const fresh = await newCustomer();
    await commands.credit({ customer: fresh, amount: '100.00', reason: 'parallel holds' });
    const hold = (i: number) =>
      ledger.placeHold({
        customerId: fresh,
        holdId: `hold_${i}`,
        amount: parseMoney('1.00'),
        jobId: `job_${i}`,
        monthlySpendLimit: parseMoney('10.00'),
      });

    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => hold(i)));

    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.length - refused.length).toBe(10);
    for (const outcome of refused) {
      expect(outcome.reason).toMatchObject({ status: 403, code: 'MONTHLY_SPEND_LIMIT' });
    }
    await Promise.all(Array.from({ length: 30 }, (_, i) => ledger.releaseHold(fresh, `hold_${i}`)));
    expect(await expectSettledLedger(fresh)).toEqual({ balance: 10_000, held: 0, spendable: 10_000 });
  });
});

describe('a user approving', () => {
  it('is refused with 403 MONTHLY_SPEND_LIMIT past the limit; the job keeps waiting and nothing is held', async () => {
    await setLimit('0.01');
    const job = await urlScrape(productUrls(0, 2));
    const before = await balance();

    expectProblem(await api.post(`/jobs/scraping/${job.job_id}/approve`), 403, 'MONTHLY_SPEND_LIMIT');

    expect((await api.get(`/jobs/scraping/${job.job_id}`)).body.status).toBe('AWAITING_APPROVAL');
    expect(await balance()).toEqual(before);
    expect((await api.post(`/jobs/${job.job_id}/cancel`)).status).toBe(200);
    await expectSettledLedger(customerId);
  });

  it('in parallel, gets only the approvals the limit admits; the others are refused and cost nothing', async () => {
    const jobs = await Promise.all([0, 2, 4, 6, 8].map((from) => urlScrape(productUrls(from, 2))));
    const cap = cents(jobs[0].estimate.cap);
    for (const job of jobs) expect(cents(job.estimate.cap)).toBe(cap);
    const spent = cents((await customer()).quotas.spent_this_month);
    // Room for two caps, not three.
    await setLimit(euros(spent + 2 * cap + 1));

    const answers = await Promise.all(jobs.map((job) => api.post(`/jobs/scraping/${job.job_id}/approve`)));

    const approved = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.job_id);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(approved).toHaveLength(2);
    for (const answer of refused) expectProblem(answer, 403, 'MONTHLY_SPEND_LIMIT');
    for (const jobId of approved) {
      expect((await pollJob(api, `/jobs/scraping/${jobId}`)).job.status).toBe('COMPLETED');
    }
    for (const job of jobs.filter((job) => !approved.includes(job.job_id))) {
      expect((await api.post(`/jobs/${job.job_id}/cancel`)).status).toBe(200);
    }
    await expectSettledLedger(customerId);
    expect(cents((await customer()).quotas.spent_this_month)).toBeLessThanOrEqual(spent + 2 * cap + 1);
  });
});

describe("a schedule's runs", () => {
  const schedule = (urls: string[]) =>
    api.post('/schedules', {
      project_id: projectId,
      website_id: websiteId,
      urls,
      cadence: { kind: 'DAILY', time: '06:00' },
      time_zone: 'Europe/Prague',
      monthly_budget: '50.00',
    });

  it("skips a run that would be the month's first charge when its cap passes the limit: it costs nothing and says why", async () => {
    const fresh = await startOwnedProject({ stack });
    const site = await landWebsite(fresh.api, fresh.projectId, shop.url, { country: 'US', currency: 'USD' });
    await commands.credit({ customer: fresh.customerId, amount: '100.00', reason: 'first run' });
    await commands['set-quotas']({ customer: fresh.customerId, 'monthly-spend-limit': '0.01' });
    const created = await fresh.api.post('/schedules', {
      project_id: fresh.projectId,
      website_id: site.website_id,
      cadence: { kind: 'DAILY', time: '06:00' },
      time_zone: 'Europe/Prague',
      monthly_budget: '50.00',
    });
    expect(created.status).toBe(201);

    const { runs } = await runSchedules({ time: created.body.next_run_at });

    expect(runs).toEqual([
      {
        schedule_id: created.body.schedule_id,
        due_at: created.body.next_run_at,
        outcome: 'SKIPPED',
        job_id: null,
      },
    ]);
    const [run] = (await fresh.api.get(`/schedules/${created.body.schedule_id}/runs`)).body;
    expect(run).toMatchObject({
      skip_reason: 'MONTHLY_SPEND_LIMIT',
      detail: expect.stringContaining('0.01'),
    });
    expect((await fresh.api.get('/jobs/scraping', { query: { project_id: fresh.projectId } })).body).toEqual(
      [],
    );
    expect(await expectSettledLedger(fresh.customerId)).toEqual({
      balance: 10_000,
      held: 0,
      spendable: 10_000,
    });
    expect((await fresh.api.get(`/customers/${fresh.customerId}`)).body.quotas.spent_this_month).toBe('0.00');
  });

  it('due at the same time start only as many runs as the limit admits, however many runners tick', async () => {
    const created = await Promise.all([0, 3, 6].map((from) => schedule(productUrls(from, 2))));
    for (const answer of created) expect(answer.status).toBe(201);
    const due = created[0]?.body.next_run_at;
    for (const answer of created) expect(answer.body.next_run_at).toBe(due);
    const cap = cents((await urlScrape(productUrls(9, 2))).estimate.cap);
    const spent = cents((await customer()).quotas.spent_this_month);
    // Room for one run's cap, not two.
    await setLimit(euros(spent + cap + 1));

    const ticks = await Promise.all([runSchedules({ time: due }), runSchedules({ time: due })]);

    const runs = ticks.flatMap((tick) => tick.runs);
    expect(runs).toHaveLength(3);
    const started = runs.filter((run) => run.outcome === 'STARTED');
    expect(started).toHaveLength(1);
    const skipped = await Promise.all(
      runs
        .filter((run) => run.outcome === 'SKIPPED')
        .map(async (run) => (await api.get(`/schedules/${run.schedule_id}/runs`)).body[0]),
    );
    expect(skipped.map((run) => run.skip_reason)).toEqual(['MONTHLY_SPEND_LIMIT', 'MONTHLY_SPEND_LIMIT']);
    expect((await pollJob(api, `/jobs/scraping/${started[0]?.job_id}`)).job.status).toBe('COMPLETED');
    const waiting = (await api.get('/jobs/scraping', { query: { project_id: projectId } })).body.filter(
      (job: any) => job.status === 'AWAITING_APPROVAL',
    );
    for (const job of waiting) expect((await api.post(`/jobs/${job.job_id}/cancel`)).status).toBe(200);
    await expectSettledLedger(customerId);
    expect(cents((await customer()).quotas.spent_this_month)).toBeLessThanOrEqual(spent + cap + 1);
    for (const answer of created) {
      expect((await api.delete(`/schedules/${answer.body.schedule_id}`)).status).toBe(204);
    }
  });
});
