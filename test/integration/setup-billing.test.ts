import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { testShop } from '#fixtures/default-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob, startSilentSite } from '#test/jobs';
import { expectSettledLedger } from '#test/ledger-check';
import { newCustomer, newProject, newUser } from '#test/operator';
import { startOwnedProject } from '#test/owned-project';

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;
let shop: RunningShop;
let silent: Awaited<ReturnType<typeof startSilentSite>>;

beforeAll(async () => {
  ({ stack, api, customerId, projectId } = await startOwnedProject());
  shop = await startShop(testShop('woocommerce-opengraph-en'));
  silent = await startSilentSite();
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([shop?.close(), silent?.close()]);
});

const setup = (url: string) =>
  api.post('/jobs/setup', { url, country: 'GB', currency: 'GBP', project_id: projectId });
const balance = async () => (await api.get(`/customers/${customerId}/billing/balance`)).body;
const quotas = async () => (await api.get(`/customers/${customerId}`)).body.quotas;

describe('free analyses of the month, then the analysis price held from the credit', () => {
  it('counts a free analysis and gives it back when the job is cancelled', async () => {
    await commands['set-quotas']({ customer: customerId, 'free-analyses': '1' });
    const created = await setup(silent.url);
    expect(created.status).toBe(201);
    expect((await quotas()).free_analyses_used).toBe(1);
    expect((await api.post(`/jobs/${created.body.job_id}/cancel`)).status).toBe(200);
    expect((await quotas()).free_analyses_used).toBe(0);
    expect(await balance()).toMatchObject({ balance: '0.00', held: '0.00' });
  });

  it('answers 402 beyond the free analyses while the spendable credit is too low, and creates no job', async () => {
    await commands['set-quotas']({ customer: customerId, 'free-analyses': '0' });
    const before = (await api.get('/jobs/setup', { query: { project_id: projectId } })).body.length;
    expectProblem(await setup(silent.url), 402, 'INSUFFICIENT_FUNDS');
    expect((await api.get('/jobs/setup', { query: { project_id: projectId } })).body).toHaveLength(before);
    expect(await balance()).toMatchObject({ balance: '0.00', held: '0.00' });
  });

  it('answers 403 MONTHLY_SPEND_LIMIT when the price would pass the monthly limit', async () => {
    await commands.credit({ customer: customerId, amount: '20.00', reason: 'test credit' });
    await commands['set-quotas']({ customer: customerId, 'monthly-spend-limit': '4.99' });
    expectProblem(await setup(silent.url), 403, 'MONTHLY_SPEND_LIMIT');
    await commands['set-quotas']({ customer: customerId, 'monthly-spend-limit': '1000.00' });
  });

  it('holds the price of a paid analysis and releases it when the job is cancelled', async () => {
    const created = await setup(silent.url);
    expect(created.status).toBe(201);
    expect(await balance()).toMatchObject({ balance: '20.00', held: '5.00', spendable: '15.00' });
    const cancelled = await api.post(`/jobs/${created.body.job_id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', settlement: null });
    expect(await balance()).toMatchObject({ balance: '20.00', held: '0.00', spendable: '20.00' });
  });

  it('charges the held price once the website is in the project', async () => {
    const created = await setup(shop.url);
    expect(created.status).toBe(201);
    const { job } = await pollJob(api, `/jobs/setup/${created.body.job_id}`);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      settlement: { amount: '5.00', currency: 'EUR', quantity: 1 },
    });
    expect(await balance()).toMatchObject({ balance: '15.00', held: '0.00', spendable: '15.00' });
    expect((await quotas()).spent_this_month).toBe('5.00');
    const usage = await api.get(`/customers/${customerId}/billing/usage`);
    expect(usage.body.items).toEqual([
      expect.objectContaining({
        job_id: job.job_id,
        job_type: 'WEBSITE_SETUP',
        website_id: job.website_id,
        amount: '5.00',
        quantity: 1,
      }),
    ]);
  });
});

describe('the monthly spend limit counts open holds', () => {
  let sites: Awaited<ReturnType<typeof startSilentSite>>[] = [];
  let limited: ApiClient;
  let limitedCustomer: string;
  let limitedProject: string;

  beforeAll(async () => {
    limitedCustomer = await newCustomer();
    const owner = await newUser(limitedCustomer, 'OWNER');
    limitedProject = await newProject(limitedCustomer, owner.userId);
    limited = apiClient(stack.baseUrl, owner.apiKey);
    await commands.credit({ customer: limitedCustomer, amount: '40.00', reason: 'test credit' });
    await commands['set-quotas']({
      customer: limitedCustomer,
      'free-analyses': '0',
      'monthly-spend-limit': '10.00',
    });
    sites = await Promise.all(Array.from({ length: 6 }, () => startSilentSite()));
  });

  afterAll(() => Promise.all(sites.map((site) => site.close())));

  const setupOf = (url: string) =>
    limited.post('/jobs/setup', { url, country: 'GB', currency: 'GBP', project_id: limitedProject });
  const limitedBalance = async () =>
    (await limited.get(`/customers/${limitedCustomer}/billing/balance`)).body;

  it('accepts racing analyses only up to the limit, holding no more than it', async () => {
    const answers = await Promise.all(sites.slice(0, 4).map((site) => setupOf(site.url)));
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(accepted).toHaveLength(2);
    for (const answer of refused) expectProblem(answer, 403, 'MONTHLY_SPEND_LIMIT');
    expect(await limitedBalance()).toMatchObject({ balance: '40.00', held: '10.00', spendable: '30.00' });
    const jobs = (await limited.get('/jobs/setup', { query: { project_id: limitedProject } })).body;
    expect(jobs).toHaveLength(2);

    // A cancelled analysis gives its share of the limit back; the next one fits again, and no more.
    expect((await limited.post(`/jobs/${accepted[0]?.body.job_id}/cancel`)).status).toBe(200);
    expect((await setupOf(sites[4]?.url ?? '')).status).toBe(201);
    expectProblem(await setupOf(sites[5]?.url ?? ''), 403, 'MONTHLY_SPEND_LIMIT');
    expect(await limitedBalance()).toMatchObject({ balance: '40.00', held: '10.00', spendable: '30.00' });
    expect((await api.get('/account')).status).toBe(200);

    // Once the open analyses end, nothing stays held and the ledger accounts every cent.
    const open = (await limited.get('/jobs/setup', { query: { project_id: limitedProject } })).body.filter(
      (job: { status: string }) => job.status !== 'CANCELLED',
    );
    expect(open).toHaveLength(2);
    for (const job of open) expect((await limited.post(`/jobs/${job.job_id}/cancel`)).status).toBe(200);
    expect(await expectSettledLedger(limitedCustomer)).toMatchObject({ balance: 4000, held: 0 });
    expect((await limited.get('/jobs/setup', { query: { project_id: limitedProject } })).status).toBe(200);
  });
});
