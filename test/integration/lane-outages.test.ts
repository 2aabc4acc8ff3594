import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { commands } from '#admin/commands';
import { testShop } from '#fixtures/default-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import { jobStore } from '#jobs/job-services';
import { type RunningStack, startStack } from '#local/start-stack';
import { setting } from '#platform/config';
import { laneExecutions } from '#platform/lane-services';
import { handler as sweep } from '#tasks/sweep-idle-jobs';
import { type ApiClient, apiClient } from '#test/api-client';
import { DYNAMODB_INTERNAL_ERROR, s3Error, startFaultProxy } from '#test/fault-proxy';
import { expectSettledLedger, ledgerEntries } from '#test/ledger-check';
import { newCustomer, newProject, newUser } from '#test/operator';

// This file's stack sweeps often and takes a running job whose execution has ended and that has not
// moved for 2 s as stranded (an hour by default): the other tests' executions end only through
// their own FailJob, which ends the job too, so none of their jobs is left for the sweeper.
process.env.JOB_STRANDED_RUN_SECONDS = '2';
process.env.JOB_SWEEP_INTERVAL_SECONDS = '0.5';

// The stack reaches the shared engines through the proxies, which it gives the SDK clients it builds.
const engines = inject('engines');
const [dynamodb, s3] = await Promise.all([
  startFaultProxy(engines.dynamodbEndpoint),
  startFaultProxy(engines.s3Endpoint),
]);

/** Long enough for the task's own retry and the first attempts of FailJob to meet the outage too. */
const OUTAGE_MS = 15_000;

let stack: RunningStack;
let shop: RunningShop;
/** A second shop, set up while the bucket is stopped and then matched against the first. */
let competitor: RunningShop;
let api: ApiClient;
let customerId: string;
let projectId: string;
/** The website the bucket test sets up, scraped again by the stranded-run test. */
let websiteId: string;

beforeAll(async () => {
  [shop, competitor] = await Promise.all([
    startShop({
      ...testShop('shopify-jsonld-en'),
      name: 'outage-shop',
      products: 30,
      slow: { every: 1, ms: 200 },
    }),
    startShop({ ...testShop('woocommerce-plain-en'), name: 'outage-competitor', products: 12 }),
  ]);
  process.env.CRAWL_ALLOWED_HOSTS = [shop, competitor].map((running) => new URL(running.url).host).join(',');
  stack = await startStack({
    port: 0,
    engines: { dynamodbEndpoint: dynamodb.url, s3Endpoint: s3.url },
    tableName: setting('TABLE_NAME'),
  });
  customerId = await newCustomer();
  const owner = await newUser(customerId, 'OWNER');
  api = apiClient(stack.baseUrl, owner.apiKey);
  projectId = await newProject(customerId, owner.userId);
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([shop?.close(), competitor?.close()]);
  await Promise.all([dynamodb.stop(), s3.stop()]);
});

const FINAL = ['COMPLETED', 'FAILED', 'CANCELLED'];

/** The job as the API answers it, waiting out the 503s the API answers while DynamoDB is down. */
async function pollUntil(path: string, done: (job: any) => boolean): Promise<any> {
  for (;;) {
    const response = await api.get(path);
    if (response.status === 200 && done(response.body)) return response.body;
    if (response.status !== 200 && response.status !== 503)
      throw new Error(`GET ${path} answered ${response.status}: ${response.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('DynamoDB stopping in the middle of a job', () => {
  it('ends the job FAILED saying the storage was unavailable, and gives back what it held once DynamoDB is back', async () => {
    const created = await api.post('/jobs/setup', {
      url: shop.url,
      country: 'US',
      currency: 'USD',
      project_id: projectId,
    });
    expect(created.status).toBe(201);
    const path = `/jobs/setup/${created.body.job_id}`;
    await pollUntil(path, (job) => job.status === 'ANALYZING');
    expect((await api.get(`/customers/${customerId}`)).body.quotas.free_analyses_used).toBe(1);

    dynamodb.failWhen(() => DYNAMODB_INTERNAL_ERROR);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    dynamodb.failWhen(undefined);

    const job = await pollUntil(path, (current) =>
      ['COMPLETED', 'FAILED', 'CANCELLED'].includes(current.status),
    );
    expect(job).toMatchObject({ status: 'FAILED', error_code: null, website_id: null });
    expect(job.error).toContain('storage was unavailable');
    expect((await api.get(`/customers/${customerId}`)).body.quotas.free_analyses_used).toBe(0);
    await expectSettledLedger(customerId);
  }, 150_000);
});

describe('the bucket stopping in the middle of a scrape', () => {
  it('ends the scrape FAILED saying the storage was unavailable, with its hold released once the bucket is back', async () => {
    // The website is set up while everything serves.
    const setup = await api.post('/jobs/setup', {
      url: shop.url,
      country: 'US',
      currency: 'USD',
      project_id: projectId,
    });
    const website = await pollUntil(`/jobs/setup/${setup.body.job_id}`, (job) => FINAL.includes(job.status));
    expect(website.status).toBe('COMPLETED');
    websiteId = website.website_id;
    await commands.credit({ customer: customerId, amount: '100', reason: 'outage test' });
    const created = await api.post('/jobs/scraping', {
      project_id: projectId,
      website_id: website.website_id,
      variant: 'FULL',
    });
    expect(created.status).toBe(201);
    const path = `/jobs/scraping/${created.body.job_id}`;
    s3.failWhen(() => s3Error(503, 'ServiceUnavailable'));
    expect((await api.post(`${path}/approve`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    s3.failWhen(undefined);

    const job = await pollUntil(path, (current) => FINAL.includes(current.status));
    expect(job).toMatchObject({ status: 'FAILED', error_code: null, settlement: null });
    expect(job.error).toContain('storage was unavailable');
    const balance = await expectSettledLedger(customerId);
    expect(balance.balance).toBe(10_000);
  }, 150_000);
});

describe('DynamoDB stopping in the middle of a paid scrape', () => {
  it('ends the scrape FAILED saying the storage was unavailable, with its hold released once DynamoDB listens again', async () => {
    const created = await api.post('/jobs/scraping', {
      project_id: projectId,
      website_id: websiteId,
      variant: 'FULL',
    });
    expect(created.status).toBe(201);
    const path = `/jobs/scraping/${created.body.job_id}`;
    expect((await api.post(`${path}/approve`)).status).toBe(200);
    await pollUntil(path, (job) => job.status === 'RUNNING' && job.scrape_progress?.pages > 0);

    // Not an error answer this time: nothing listens, so every connection is refused.
    await dynamodb.refuseConnections();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await dynamodb.listenAgain();

    const job = await pollUntil(path, (current) => FINAL.includes(current.status));
    expect(job).toMatchObject({ status: 'FAILED', error_code: null, settlement: null });
    expect(job.error).toContain('storage was unavailable');
    const balance = await expectSettledLedger(customerId);
    expect(balance.balance).toBe(10_000);
  }, 150_000);
});

describe('a running job whose lane execution has gone', () => {
  it('is ended FAILED by the sweeper, its hold released exactly once', async () => {
    const created = await api.post('/jobs/scraping', {
      project_id: projectId,
      website_id: websiteId,
      variant: 'FULL',
    });
    expect(created.status).toBe(201);
    const jobId = created.body.job_id;
    const path = `/jobs/scraping/${jobId}`;
    expect((await api.post(`${path}/approve`)).status).toBe(200);
    await pollUntil(path, (job) => job.status === 'RUNNING');

    // What a stopped or timed-out Step Functions execution leaves: no Catch runs, the job stays
    // RUNNING with its hold, and the task in flight may still write its progress for a while.
    const running = await jobStore().get(jobId);
    expect(running?.execution_arn).toBeTruthy();
    await laneExecutions().stop(running?.execution_arn as string, 'stopped by the test');
    await vi.waitFor(
      async () => expect(await laneExecutions().state(running?.execution_arn as string)).toBe('ENDED'),
      { timeout: 30_000, interval: 100 },
    );

    const job = await pollUntil(path, (current) => FINAL.includes(current.status));
    expect(job).toMatchObject({ status: 'FAILED', error_code: null, settlement: null });
    expect(job.error).toContain('could not carry it on');

    // A later sweep finds nothing left to end or to give back.
    const again = await sweep();
    expect(again.runs_ended).not.toContain(jobId);
    expect(again.holds_closed).not.toContain(jobId);
    const ofJob = (await ledgerEntries(customerId)).filter((entry) => entry.hold_id === jobId);
    expect(ofJob.map((entry) => entry.kind).sort()).toEqual(['HOLD', 'RELEASE']);
    const balance = await expectSettledLedger(customerId);
    expect(balance.balance).toBe(10_000);
  }, 60_000);
});

describe('the bucket stopping in the middle of a setup and of a matching run', () => {
  it('lets the setup, which keeps nothing in the bucket, end COMPLETED; ends the matching FAILED saying the storage was unavailable, with its hold released once the bucket is back', async () => {
    const setup = await api.post('/jobs/setup', {
      url: competitor.url,
      country: 'US',
      currency: 'USD',
      project_id: projectId,
    });
    expect(setup.status).toBe(201);
    const setupPath = `/jobs/setup/${setup.body.job_id}`;
    await pollUntil(setupPath, (job) => job.status === 'ANALYZING');
    await s3.refuseConnections();
    const competitorSite = await pollUntil(setupPath, (job) => FINAL.includes(job.status));
    await s3.listenAgain();
    expect(competitorSite).toMatchObject({ status: 'COMPLETED', error: null });

    // Both websites get a whole catalog while everything serves: the matching needs them.
    for (const website of [websiteId, competitorSite.website_id]) {
      const scrape = await api.post('/jobs/scraping', {
        project_id: projectId,
        website_id: website,
        variant: 'FULL',
      });
      expect((await api.post(`/jobs/scraping/${scrape.body.job_id}/approve`)).status).toBe(200);
      const scraped = await pollUntil(`/jobs/scraping/${scrape.body.job_id}`, (job) =>
        FINAL.includes(job.status),
      );
      expect(scraped.status).toBe('COMPLETED');
    }
    const before = await expectSettledLedger(customerId);

    const created = await api.post('/jobs/matching', {
      project_id: projectId,
      reference_website_id: websiteId,
      competitor_website_ids: [competitorSite.website_id],
    });
    expect(created.status).toBe(201);
    const jobId = created.body.job_id;
    const path = `/jobs/matching/${jobId}`;
    // The bucket stops at the run's first object of its own (its sharding plan): the catalogs are
    // read, the matching is under way.
    let stopped: Promise<void> | undefined;
    s3.failWhen((request) => {
      if (request.path.includes(`matching-runs/${jobId}/`)) stopped ??= s3.refuseConnections();
      return undefined;
    });
    expect((await api.post(`${path}/approve`)).status).toBe(200);
    await vi.waitFor(() => expect(stopped).toBeDefined(), { timeout: 60_000, interval: 50 });
    await stopped;
    s3.failWhen(undefined);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await s3.listenAgain();

    const job = await pollUntil(path, (current) => FINAL.includes(current.status));
    expect(job).toMatchObject({ status: 'FAILED', error_code: null, settlement: null });
    expect(job.error).toContain('storage was unavailable');
    const after = await expectSettledLedger(customerId);
    expect(after.balance).toBe(before.balance);
    const ofJob = (await ledgerEntries(customerId)).filter((entry) => entry.hold_id === jobId);
    expect(ofJob.map((entry) => entry.kind).sort()).toEqual(['HOLD', 'RELEASE']);
  }, 180_000);
});
