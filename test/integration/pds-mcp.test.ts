import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { demoShops } from '#fixtures/demo-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import { newCustomer, newProject, newUser } from '#test/operator';
import { startTestStack } from '#test/test-stack';

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';

let stack: RunningStack;
let shop: RunningShop;
let projectId: string;
let configDir: string;
const clients: Client[] = [];

/** `pds mcp` as an assistant starts it, connected through the SDK's own stdio client. */
async function connect(maxApprove: string): Promise<Client> {
  const client = new Client({ name: 'pds-test', version: '1.0.0' });
  const env = Object.fromEntries(
    Object.entries({ ...process.env, XDG_CONFIG_HOME: configDir }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['cli/pds.js', 'mcp', '--max-approve', maxApprove],
      env,
      stderr: 'pipe',
    }),
  );
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  const text = result.content[0]?.text ?? '';
  return { isError: result.isError === true, text, value: result.isError ? undefined : JSON.parse(text) };
}

async function untilStatus(client: Client, jobId: string, statuses: string[]) {
  for (;;) {
    const { value } = await call(client, 'get_job', { job_id: jobId });
    if (statuses.includes(value.status)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  stack = await startTestStack();
  const customerId = await newCustomer();
  const owner = await newUser(customerId, 'OWNER');
  projectId = await newProject(customerId, owner.userId);
  await commands.credit({ customer: customerId, amount: '30.00', reason: 'mcp' });
  shop = await startShop(demoShops[0] as (typeof demoShops)[number]);
  configDir = await mkdtemp(join(tmpdir(), 'pds-mcp-'));
  await mkdir(join(configDir, 'pds'));
  await writeFile(
    join(configDir, 'pds', 'config.json'),
    JSON.stringify({ base_url: stack.baseUrl, api_key: owner.apiKey, project_id: projectId }),
    { mode: 0o600 },
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await stack?.stop();
  await shop?.close();
  if (configDir) await rm(configDir, { recursive: true, force: true });
});

describe('pds mcp', () => {
  it('offers the tools, sets up and scrapes a shop, refuses a quote above the limit and returns export rows', async () => {
    const strict = await connect('0.50');
    const { tools } = await strict.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'approve_job',
      'get_export_rows',
      'get_job',
      'list_projects',
      'list_websites',
      'start_matching',
      'start_scrape',
      'start_setup',
    ]);
    expect((await call(strict, 'list_projects')).value.map((p: any) => p.project_id)).toContain(projectId);

    const setup = await call(strict, 'start_setup', { url: shop.url, country: 'US', currency: 'USD' });
    const done = await untilStatus(strict, setup.value.job_id, ['COMPLETED', 'FAILED']);
    expect(done.status).toBe('COMPLETED');
    const websites = (await call(strict, 'list_websites')).value;
    expect(websites.map((website: any) => website.website_id)).toEqual([done.website_id]);

    const scrape = await call(strict, 'start_scrape', { website_id: done.website_id });
    expect(scrape.value.status).toBe('AWAITING_APPROVAL');
    const refused = await call(strict, 'approve_job', { job_id: scrape.value.job_id });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('exceeds the approval limit of 0.50 EUR');
    expect((await call(strict, 'get_job', { job_id: scrape.value.job_id })).value.status).toBe(
      'AWAITING_APPROVAL',
    );

    const matching = await call(strict, 'start_matching', {
      reference_website_id: done.website_id,
      competitor_website_ids: ['web_unknown'],
    });
    expect(matching.isError).toBe(true);
    expect(matching.text).toMatch(/^Error (404|409|422) [A-Z_]+: /);

    const trusting = await connect('20.00');
    const approved = await call(trusting, 'approve_job', { job_id: scrape.value.job_id });
    expect(approved.isError, approved.text).toBe(false);
    expect((await untilStatus(trusting, scrape.value.job_id, ['COMPLETED', 'FAILED'])).status).toBe(
      'COMPLETED',
    );

    const rows = await call(trusting, 'get_export_rows', {
      dataset: 'products',
      website_id: done.website_id,
      limit: 1000,
    });
    expect(rows.isError, rows.text).toBe(false);
    expect(rows.value).toHaveLength(shop.groundTruth.products.length);
    const truthUrls = new Set(shop.groundTruth.products.map((product) => product.url));
    expect(rows.value.filter((row: any) => truthUrls.has(row.url)).length).toBe(truthUrls.size);
    expect((await call(trusting, 'get_export_rows', { dataset: 'products', limit: 5 })).value).toHaveLength(
      5,
    );
  }, 240_000);
});
