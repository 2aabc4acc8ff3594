import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { demoShops } from '#fixtures/demo-shops';
import { sharedProducts } from '#fixtures/shared-products';
import { type RunningShop, startShops } from '#fixtures/start-shop';
import { freePort } from '#local/free-port';
import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from '#test/api-client';
import { startSilentSite } from '#test/jobs';
import { newCustomer, newProject, newUser } from '#test/operator';
import { readCsvObjects } from '#test/read-csv';
import { runPds, startPds } from '#test/run-pds';
import { startTestStack } from '#test/test-stack';

// This file asserts no crawl timing: the lanes crawl the demo shops without their politeness gap, and
// the one that answers 429 now and then (with Retry-After, still waited out) is not crawled slowly after.
process.env.CRAWL_MIN_DELAY_MS = '0';
process.env.CRAWL_PUSHBACK_INTERVAL_MS = '10';

let stack: RunningStack;
let api: ApiClient;
let shops: RunningShop[];
let apiKey: string;
let projectId: string;
let configDir: string;
const websites: string[] = [];

const pds = (args: string[], input?: string) => runPds(args, { configDir, input });
const json = (text: string) => JSON.parse(text);

beforeAll(async () => {
  stack = await startTestStack();
  const customerId = await newCustomer();
  const owner = await newUser(customerId, 'OWNER');
  apiKey = owner.apiKey;
  projectId = await newProject(customerId, owner.userId);
  api = apiClient(stack.baseUrl, apiKey);
  await commands.credit({ customer: customerId, amount: '50.00', reason: 'pds walk-through' });
  shops = await startShops(demoShops);
  configDir = await mkdtemp(join(tmpdir(), 'pds-config-'));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await Promise.all((shops ?? []).map((shop) => shop.close()));
  if (configDir) await rm(configDir, { recursive: true, force: true });
});

describe('pds before login', () => {
  it('says how to log in when there is no config (exit 2), and --help works anyway', async () => {
    const run = await pds(['projects']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('pds login');
    for (const command of ['login', 'projects', 'setup', 'scrape', 'match', 'approve', 'export', 'mcp']) {
      const help = await pds([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: pds ${command}`);
    }
    expect((await pds(['frobnicate'])).code).toBe(2);
    expect((await pds(['setup', '--no-such-option'])).code).toBe(2);
  });

  it('tells its version and prints completion scripts', async () => {
    const version = await pds(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^pds \d+\.\d+\.\d+\n$/);
    const bash = await pds(['completion', 'bash']);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toContain('complete -o default -F _pds pds');
    expect((await pds(['completion', 'zsh'])).stdout).toMatch(/^#compdef pds/);
    expect((await pds(['completion', 'tcsh'])).code).toBe(2);
  });

  it('calls the API with PDS_BASE_URL and PDS_API_KEY, without logging in', async () => {
    const run = await runPds(['projects', '--json'], {
      configDir,
      env: { PDS_BASE_URL: stack.baseUrl, PDS_API_KEY: apiKey },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(json(run.stdout).map((project: any) => project.project_id)).toContain(projectId);
  });

  it('refuses a wrong key with the problem detail and code (exit 3) and stores nothing', async () => {
    const run = await pds(['login', '--url', stack.baseUrl, '--key', 'pds_wrong']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/401 INVALID_API_KEY: \S+/);
    expect(run.stderr).toMatch(/\nRequest id: \S+/);
    expect((await pds(['projects'])).code).toBe(2);
  });

  it('says an unreachable base URL cannot be reached (exit 3)', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v1`;
    const run = await pds(['login', '--url', closed, '--key', apiKey]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`Cannot reach ${closed}`);
  });

  it('logs in: base URL and key in $XDG_CONFIG_HOME/pds/config.json, readable by the owner only', async () => {
    const run = await pds(['login', '--url', stack.baseUrl, '--key', apiKey, '--project', projectId]);
    expect(run.code).toBe(0);
    const path = join(configDir, 'pds', 'config.json');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(json(await readFile(path, 'utf8'))).toEqual({
      base_url: stack.baseUrl,
      api_key: apiKey,
      project_id: projectId,
    });
    const projects = await pds(['projects', '--json']);
    expect(projects.code).toBe(0);
    expect(json(projects.stdout).map((project: any) => project.project_id)).toContain(projectId);
  });
});

describe('pds project', () => {
  it("sets and removes the project's crawl proxy, printing only its host, and refuses a bad URL without echoing it", async () => {
    const set = await pds(['project', 'update', '--crawl-proxy', 'http://crawler:s3cret@proxy.example:3128']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('crawl proxy  proxy.example:3128');
    expect((await api.get(`/projects/${projectId}`)).body.crawl_proxy_host).toBe('proxy.example:3128');
    const refused = await pds([
      'project',
      'update',
      '--crawl-proxy',
      'http://crawler:s3cret@proxy.example/path',
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/\n {2}body crawl_proxy: \S.+\n/);
    // The walk-through's crawls below go straight to the shops.
    const removed = await pds(['project', 'update', '--no-crawl-proxy', '--json']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(json(removed.stdout).crawl_proxy_host).toBeNull();
    for (const run of [set, refused, removed]) expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret');
  });
});

describe('pds walk-through on the demo shops', () => {
  it('sets up both shops with --wait: a progress bar on stderr, the final state, exit 0', async () => {
    // Two users' terminals at once: the shops are set up side by side, as the lanes allow.
    const runs = await Promise.all(
      shops.map((shop) =>
        pds(['setup', shop.url, '--country', 'US', '--currency', 'USD', '--wait', '--json']),
      ),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      // The bar is redrawn at each poll; with the shops' politeness delays set low, the analysis may
      // end between two polls, so the first state drawn past CREATED is either lane step.
      expect(run.stderr).toMatch(/\[[#-]{24}\] +\d+% (?:ANALYZING|TRAINING)/);
      expect(run.stderr).toMatch(/\[#{24}\] 100% COMPLETED/);
      const job = json(run.stdout);
      expect(job.status).toBe('COMPLETED');
      websites.push(job.website_id);
    }
    const listed = await pds(['websites', '--json']);
    expect(
      json(listed.stdout)
        .map((website: any) => website.website_id)
        .sort(),
    ).toEqual([...websites].sort());
  }, 180_000);

  it('scrapes: asks before approving, approves on yes, and --yes skips the question', async () => {
    const [first, second] = websites as [string, string];
    // The first shop's scrape runs while the second's is declined, then approved.
    const scrapingFirst = pds(['scrape', first, '--yes', '--wait', '--json']);

    const declined = await pds(['scrape', second], 'n\n');
    expect(declined.code).toBe(0);
    expect(declined.stderr).toContain('Approve this quote? [y/N]');
    const jobId = /Approve later with: pds approve (\S+)/.exec(declined.stderr)?.[1] ?? '';
    expect((await api.get(`/jobs/scraping/${jobId}`)).body.status).toBe('AWAITING_APPROVAL');

    const approved = await pds(['approve', jobId, '--wait'], 'y\n');
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(`Job ${jobId} (FULL_SCRAPE): COMPLETED`);
    expect(approved.stdout).toMatch(/Charged: \S+ \d+\.\d{2}/);
    const delivered = Number(/Products delivered: (\d+)/.exec(approved.stdout)?.[1]);
    expect(delivered).toBe(shops[1]?.groundTruth.products.length);

    const yes = await scrapingFirst;
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stderr).toMatch(/Quote for job \S+: USD|Quote for job \S+: EUR/);
    expect(json(yes.stdout).status).toBe('COMPLETED');
  }, 180_000);

  it('says plainly when a URL scrape got no product from any of its URLs', async () => {
    const shop = shops[0] as RunningShop;
    const run = await pds([
      'scrape',
      websites[0] as string,
      '--url',
      `${shop.url}no-such-product-1`,
      '--url',
      `${shop.url}no-such-product-2`,
      '--yes',
      '--wait',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('(URL_SCRAPE): COMPLETED');
    expect(run.stdout).toContain('None of the 2 URLs gave a product: 2 NOT_FOUND. Nothing was delivered.');
  }, 180_000);

  it('creates one job when the answer to its POST is lost: the retry sends the same Idempotency-Key', async () => {
    const keys: string[] = [];
    let dropped = false;
    // A proxy to the API that lets the first job creation through, then drops its answer.
    const proxy = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers.set(name, value);
      const upstream = await fetch(new URL(request.url ?? '/', stack.baseUrl).href, {
        method: request.method,
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      if (request.method === 'POST' && request.url === '/v1/jobs/scraping') {
        keys.push(String(request.headers['idempotency-key']));
        if (!dropped) {
          dropped = true;
          return void request.socket.destroy();
        }
      }
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const website = websites[0] as string;
      const before = (await api.get(`/jobs/scraping?project_id=${projectId}&website_id=${website}&limit=100`))
        .body;
      const sample = (await api.get(`/websites/${website}/sample`)).body.products[0].url;
      const run = await runPds(['scrape', website, '--url', sample], {
        configDir,
        input: 'n\n',
        env: { PDS_BASE_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1` },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      const after = (await api.get(`/jobs/scraping?project_id=${projectId}&website_id=${website}&limit=100`))
        .body;
      expect(after.length).toBe(before.length + 1);
      await api.post(`/jobs/${after[0].job_id}/cancel`);
    } finally {
      proxy.close();
    }
  }, 120_000);

  it('matches the two shops and exports real matches between them', async () => {
    const [reference, competitor] = websites as [string, string];
    const run = await pds(['match', reference, competitor, '--yes', '--wait', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/\d+% (RUNNING|COMPLETED)/);
    expect(json(run.stdout).status).toBe('COMPLETED');

    const file = join(configDir, 'matches.csv');
    const exported = await pds(['export', 'matches', '--website', reference, '-o', file]);
    expect(exported.code, exported.stderr).toBe(0);
    const rows = readCsvObjects(await readFile(file, 'utf8'));
    const truth = new Set(
      sharedProducts(shops[0] as RunningShop, shops[1] as RunningShop).map(
        (pair) => `${pair.url} ${pair.match_url}`,
      ),
    );
    const correct = rows.filter((row) => truth.has(`${row.reference_url} ${row.competitor_url}`)).length;
    expect(truth.size).toBe(80);
    expect(correct / rows.length).toBeGreaterThanOrEqual(0.9);
    expect(correct / truth.size).toBeGreaterThanOrEqual(0.9);

    const jobs = json((await pds(['jobs', '--json'])).stdout);
    expect(jobs.map((job: any) => job.job_type).sort()).toEqual([
      'FULL_SCRAPE',
      'FULL_SCRAPE',
      'MATCHING',
      'URL_SCRAPE',
      'URL_SCRAPE',
      'WEBSITE_SETUP',
      'WEBSITE_SETUP',
    ]);
  }, 180_000);

  it('redraws its progress bar in place on a real terminal', async () => {
    const jobs = json((await pds(['jobs', '--json'])).stdout);
    const matching = jobs.find((job: any) => job.job_type === 'MATCHING');
    // util-linux `script` runs pds on a pseudo-terminal and passes its exit code on (-e). Spawned
    // asynchronously: the API it calls is served by this very process.
    const child = spawn('script', ['-qec', `node cli/pds.js wait ${matching.job_id}`, '/dev/null'], {
      env: { ...process.env, XDG_CONFIG_HOME: configDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise((resolve) => child.once('close', resolve));
    const run = { status: code, stdout: output };
    expect(run.status, run.stdout).toBe(0);
    expect(run.stdout).toContain('\r\x1b[K[########################] 100% COMPLETED');
    expect(run.stdout).toContain(`Job ${matching.job_id} (MATCHING): COMPLETED`);
    expect(Number(/Matches found: (\d+)/.exec(run.stdout)?.[1])).toBeGreaterThanOrEqual(72);
  });

  it('shows the balance and starts a top-up', async () => {
    const balance = await pds(['balance', '--json']);
    expect(balance.code).toBe(0);
    expect(json(balance.stdout)).toMatchObject({
      currency: 'EUR',
      balance: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    const topup = await pds(['topup', '25.00']);
    expect(topup.code).toBe(0);
    expect(topup.stdout).toMatch(/Pay on: http\S+\/checkout\//);
    const refused = await pds(['topup', 'lots']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('422 VALIDATION_ERROR');
    expect(refused.stderr).toMatch(/\n {2}body amount: \S.+\n/);
    expect(refused.stderr).toMatch(/\nRequest id: \S+/);
    const limit = await pds(['jobs', '--limit', '0']);
    expect(limit.code).toBe(3);
    expect(limit.stderr).toMatch(/\n {2}query limit: \S.+/);
  });
});

describe('pds --wait on jobs that do not simply complete', () => {
  it('ends with the failed state and exit 1 when the job fails', async () => {
    const dead = `http://127.0.0.1:${await freePort()}/`;
    const run = await pds(['setup', dead, '--country', 'US', '--currency', 'USD', '--wait']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/: FAILED\nError: .+/);
  }, 120_000);

  it('stops watching on Ctrl-C, leaves the job running and says how to watch it again', async () => {
    const silent = await startSilentSite();
    try {
      const watching = startPds(['setup', silent.url, '--country', 'US', '--currency', 'USD', '--wait'], {
        configDir,
      });
      while (!/% ANALYZING/.test(watching.output().stderr)) await new Promise((r) => setTimeout(r, 50));
      watching.child.kill('SIGINT');
      const run = await watching.done;
      expect(run.code).toBe(130);
      const jobId = /watch it again with: pds wait (\S+)/.exec(run.stderr)?.[1] ?? '';
      const job = (await api.get(`/jobs/setup/${jobId}`)).body;
      expect(job.status).toBe('ANALYZING');
      await api.post(`/jobs/${jobId}/cancel`);
    } finally {
      await silent.close();
    }
  }, 120_000);
});
