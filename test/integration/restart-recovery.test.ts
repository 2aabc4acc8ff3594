import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseMoney } from '#core/money';
import { testShop } from '#fixtures/default-shops';
import { type RunningShop, startShops } from '#fixtures/start-shop';
import { freePort } from '#local/free-port';
import { readStackState } from '#local/stack-state';
import { type ApiClient, apiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';

const run = promisify(execFile);
const WITH_TSX = ['--import', 'tsx'];
const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

interface Service {
  child: ChildProcess;
  api: ApiClient;
}

let dataDir: string;
let port: number;
let shop: RunningShop;
let competitor: RunningShop;
let service: Service | undefined;

/**
 * `npm start` as a user runs it, with a DATA_DIR, in a process group of its own: killing the group
 * kills the service with its DynamoDB Local, as a machine that stops does.
 */
async function startService(): Promise<Service> {
  const child = spawn(process.execPath, [...WITH_TSX, 'bin/dev-server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CRAWL_ALLOWED_HOSTS: [shop, competitor].map((running) => new URL(running.url).host).join(','),
      // The slow pages are what keep a job busy to be killed; the politeness gap and the slowed
      // pace after a 429 (its Retry-After still waited out) only add time.
      CRAWL_MIN_DELAY_MS: '0',
      CRAWL_PUSHBACK_INTERVAL_MS: '10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/^Demo shop: [\s\S]*^Demo shop: /m.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`dev server exited with ${code}: ${output}`)));
  });
  const baseUrl = /^Base URL: (\S+)$/m.exec(output)?.[1] ?? '';
  const apiKey = /^API key: (\S+)$/m.exec(output)?.[1] ?? '';
  return { child, api: apiClient(baseUrl, apiKey) };
}

async function killService(running: Service): Promise<void> {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  process.kill(-(running.child.pid as number), 'SIGKILL');
  await exited;
}

/** Kills the service once `inProgress` holds for the job, starts it again and returns the job's end. */
async function killDuring(
  path: string,
  inProgress: (job: any) => boolean,
): Promise<{ killedIn: string; job: any }> {
  const { api } = service as Service;
  const { job: running } = await pollJob(api, path, (job) => inProgress(job) || FINAL.has(job.status));
  await killService(service as Service);
  service = await startService();
  const { job } = await pollJob(service.api, path);
  return { killedIn: running.status, job };
}

async function admin(...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [...WITH_TSX, 'bin/admin.ts', ...args], {
    env: { ...process.env, PORT: String(port) },
  });
  return JSON.parse(stdout);
}

/**
 * The ledger invariants, read from the restarted service's own DynamoDB Local. The table's client
 * is built from the environment when the store is imported, and the endpoint changes with every
 * start, so the store is imported afresh each time.
 */
async function expectSettledLedgerOfService(customerId: string) {
  const { expectSettledLedger, ledgerEntries } = await inServiceTable(() => import('#test/ledger-check'));
  return { balance: await expectSettledLedger(customerId), entries: await ledgerEntries(customerId) };
}

/** Modules imported afresh against the running service's own table. */
async function inServiceTable<T>(load: () => Promise<T>): Promise<T> {
  const state = await readStackState(process.cwd(), port);
  if (!state) throw new Error('the service recorded no stack state');
  Object.assign(process.env, { DYNAMODB_ENDPOINT: state.dynamodbEndpoint, TABLE_NAME: state.tableName });
  vi.resetModules();
  return load();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pds-restart-'));
  port = await freePort();
  // Slow product pages keep the analysis, the training and the scrape busy long enough to be killed.
  // The competitor sells part of the same range, so the matching between the two finds matches.
  [shop, competitor] = (await startShops([
    {
      ...testShop('shopify-jsonld-en'),
      name: 'restart-shop',
      seed: 'restart',
      products: 30,
      slow: { every: 2, ms: 150 },
    },
    {
      ...testShop('woocommerce-plain-en'),
      name: 'restart-competitor',
      seed: 'restart',
      products: 20,
      catalogOffset: 10,
      market: 'US',
    },
  ])) as [RunningShop, RunningShop];
  service = await startService();
});

afterAll(async () => {
  if (service && service.child.exitCode === null) await killService(service);
  await Promise.all([shop?.close(), competitor?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

describe('a service killed in the middle of a job and started again', () => {
  let projectId: string;
  let customerId: string;
  let websiteId: string;

  const api = () => (service as Service).api;
  const approve = async (path: string) => expect((await api().post(`${path}/approve`)).status).toBe(200);
  const setUp = (url: string) =>
    api().post('/jobs/setup', { url, country: 'US', currency: 'USD', project_id: projectId });
  const scrape = (website: string) =>
    api().post('/jobs/scraping', { project_id: projectId, website_id: website, variant: 'FULL' });

  it('resumes a setup killed during its analysis or training to its end', async () => {
    const [project] = (await api().get('/projects')).body;
    projectId = project.project_id;
    customerId = (await api().get('/customers')).body[0].customer_id;
    const created = await setUp(shop.url);
    expect(created.status).toBe(201);
    const { killedIn, job } = await killDuring(`/jobs/setup/${created.body.job_id}`, (current) =>
      ['ANALYZING', 'ESTIMATE_READY', 'TRAINING'].includes(current.status),
    );
    expect(['ANALYZING', 'ESTIMATE_READY', 'TRAINING']).toContain(killedIn);
    expect(job).toMatchObject({ status: 'COMPLETED', error: null });
    websiteId = job.website_id;
    expect(websiteId).toBeTruthy();
  });

  it('resumes a full scrape killed while it runs, and charges its settlement once', async () => {
    await admin('credit', '--customer', customerId, '--amount', '100', '--reason', 'restart test');
    const created = await scrape(websiteId);
    expect(created.status).toBe(201);
    const jobId = created.body.job_id;
    await approve(`/jobs/scraping/${jobId}`);
    const { killedIn, job } = await killDuring(`/jobs/scraping/${jobId}`, (current) =>
      ['APPROVED', 'RUNNING'].includes(current.status),
    );
    expect(['APPROVED', 'RUNNING']).toContain(killedIn);
    expect(job.status).toBe('COMPLETED');
    expect(job.settlement).not.toBeNull();
    const { entries } = await expectSettledLedgerOfService(customerId);
    expect(entries.filter((entry) => entry.kind === 'CHARGE' && entry.hold_id === jobId)).toHaveLength(1);
  });

  it('resumes a matching run killed while it runs, and charges its settlement once', async () => {
    // The competitor is set up and scraped without a kill: the matching needs its catalog.
    const setup = await setUp(competitor.url);
    const competitorId = (await pollJob(api(), `/jobs/setup/${setup.body.job_id}`)).job.website_id;
    const competitorScrape = (await scrape(competitorId)).body.job_id;
    await approve(`/jobs/scraping/${competitorScrape}`);
    expect((await pollJob(api(), `/jobs/scraping/${competitorScrape}`)).job.status).toBe('COMPLETED');

    // An older two-step approval held a waiting job's cap and stopped before its move: the restart
    // below gives that hold back (or the sweeper, if it comes first), and the next approval holds anew.
    const waiting = (
      await api().post('/jobs/scraping', {
        project_id: projectId,
        website_id: websiteId,
        variant: 'URLS_ONLY',
        urls: [shop.url],
      })
    ).body;
    const { ledger } = await inServiceTable(() => import('#billing/ledger-services'));
    await ledger.placeHold({
      customerId,
      holdId: waiting.job_id,
      amount: parseMoney(waiting.estimate.cap),
      jobId: waiting.job_id,
      monthlySpendLimit: parseMoney('1000.00'),
    });

    const created = await api().post('/jobs/matching', {
      project_id: projectId,
      reference_website_id: websiteId,
      competitor_website_ids: [competitorId],
    });
    expect(created.status).toBe(201);
    const jobId = created.body.job_id;
    await approve(`/jobs/matching/${jobId}`);
    const { killedIn, job } = await killDuring(`/jobs/matching/${jobId}`, (current) =>
      ['APPROVED', 'RUNNING'].includes(current.status),
    );
    expect(['APPROVED', 'RUNNING']).toContain(killedIn);
    expect(job.status).toBe('COMPLETED');
    expect(job.settlement).not.toBeNull();
    const { entries } = await expectSettledLedgerOfService(customerId);
    expect(entries.filter((entry) => entry.kind === 'CHARGE' && entry.hold_id === jobId)).toHaveLength(1);

    // The leftover hold was given back, not taken by the approval, which placed the job's own.
    const ofWaiting = (kind: string, list: typeof entries) =>
      list.filter((entry) => entry.kind === kind && entry.hold_id === waiting.job_id);
    expect(ofWaiting('RELEASE', entries)).toHaveLength(1);
    await approve(`/jobs/scraping/${waiting.job_id}`);
    expect(FINAL.has((await pollJob(api(), `/jobs/scraping/${waiting.job_id}`)).job.status)).toBe(true);
    const settled = await expectSettledLedgerOfService(customerId);
    expect(ofWaiting('HOLD', settled.entries)).toHaveLength(2);
  });
});
