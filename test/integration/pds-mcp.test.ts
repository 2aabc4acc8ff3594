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

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap, and
// the one that answers 429 now and then (with Retry-After, still waited out) is not crawled slowly after.
process.env.CRAWL_MIN_DELAY_MS = '0';
process.env.CRAWL_PUSHBACK_INTERVAL_MS = '10';

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
    structuredContent?: Record<string, any>;
    isError?: boolean;
  };
  const text = result.content[0]?.text ?? '';
  if (!result.isError) expect(JSON.parse(text)).toEqual(result.structuredContent);
  return { isError: result.isError === true, text, value: result.structuredContent as Record<string, any> };
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
  it('offers the tools, sets up and scrapes a shop, refuses a quote whose cap is above the limit and returns export rows', async () => {
    const strict = await connect('0.50');
    const { tools } = await strict.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'approve_job',
      'cancel_job',
      'get_balance',
      'get_export_rows',
      'get_job',
      'get_price_history',
      'get_usage',
      'list_changes',
      'list_exports',
      'list_jobs',
      'list_match_decisions',
      'list_projects',
      'list_websites',
      'start_matching',
      'start_scrape',
      'start_setup',
    ]);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.annotations ?? {}), tool.name).toEqual(
        expect.arrayContaining(['readOnlyHint', 'destructiveHint', 'idempotentHint']),
      );
    }
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name);
    expect(readOnly).not.toContain('approve_job');
    expect(readOnly).not.toContain('cancel_job');
    expect(tools.find((tool) => tool.name === 'approve_job')?.annotations?.destructiveHint).toBe(true);
    expect((await call(strict, 'list_projects')).value.projects.map((p: any) => p.project_id)).toContain(
      projectId,
    );

    const setup = await call(strict, 'start_setup', { url: shop.url, country: 'US', currency: 'USD' });
    const done = await untilStatus(strict, setup.value.job_id, ['COMPLETED', 'FAILED']);
    expect(done.status).toBe('COMPLETED');
    const websites = (await call(strict, 'list_websites')).value.websites;
    expect(websites.map((website: any) => website.website_id)).toEqual([done.website_id]);

    const scrape = await call(strict, 'start_scrape', { website_id: done.website_id });
    expect(scrape.value.status).toBe('AWAITING_APPROVAL');
    const refused = await call(strict, 'approve_job', { job_id: scrape.value.job_id });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('exceeds the approval limit of 0.50 EUR');

    // A limit equal to the quote's total is still below what the approval can charge: its cap.
    const { total, cap } = scrape.value.estimate;
    expect(Number(cap)).toBeCloseTo(Number(total) * 1.25, 2);
    const atTotal = await connect(total);
    const refusedAtTotal = await call(atTotal, 'approve_job', { job_id: scrape.value.job_id });
    expect(refusedAtTotal.isError).toBe(true);
    expect(refusedAtTotal.text).toContain(`up to the quote's cap of ${cap} EUR`);
    expect((await call(strict, 'get_job', { job_id: scrape.value.job_id })).value.status).toBe(
      'AWAITING_APPROVAL',
    );

    const matching = await call(strict, 'start_matching', {
      reference_website_id: done.website_id,
      competitor_website_ids: ['web_unknown'],
    });
    expect(matching.isError).toBe(true);
    expect(matching.text).toMatch(/^Error (404|409|422) [A-Z_]+: /);

    const trusting = await connect(cap);
    const approved = await call(trusting, 'approve_job', { job_id: scrape.value.job_id });
    expect(approved.isError, approved.text).toBe(false);
    const held = (await call(trusting, 'get_balance')).value;
    expect(held).toMatchObject({ currency: 'EUR', held: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect((await untilStatus(trusting, scrape.value.job_id, ['COMPLETED', 'FAILED'])).status).toBe(
      'COMPLETED',
    );

    const rows = await call(trusting, 'get_export_rows', {
      dataset: 'products',
      website_id: done.website_id,
      limit: 1000,
    });
    expect(rows.isError, rows.text).toBe(false);
    expect(rows.value.rows).toHaveLength(shop.groundTruth.products.length);
    expect(rows.value.next_offset).toBe(null);
    const truthUrls = new Set(shop.groundTruth.products.map((product) => product.url));
    expect(rows.value.rows.filter((row: any) => truthUrls.has(row.url)).length).toBe(truthUrls.size);
    const first = (await call(trusting, 'get_export_rows', { dataset: 'products', limit: 5 })).value;
    expect(first.rows).toHaveLength(5);
    const files = (await call(trusting, 'list_exports')).value.exports;
    const allProducts = files.find(
      (file: any) => file.dataset === 'products' && file.website_id === null && file.format === 'jsonl',
    );
    // Five rows cost a range, not the file.
    expect(first.bytes_read).toBeLessThan(allProducts.bytes);
    const next = (
      await call(trusting, 'get_export_rows', { dataset: 'products', limit: 2, offset: first.next_offset })
    ).value;
    expect(next.rows.map((row: any) => row.url)).not.toContain(first.rows[4].url);

    const history = await call(trusting, 'get_price_history', {
      website_id: done.website_id,
      product_url: rows.value.rows[0].url,
    });
    expect(history.isError, history.text).toBe(false);
    expect(history.value.points).toHaveLength(1);
    expect((await call(trusting, 'list_changes')).value).toEqual({ changes: [], next_cursor: null });
    expect((await call(trusting, 'list_match_decisions')).value).toEqual({
      decisions: [],
      next_cursor: null,
    });
    const usage = (await call(trusting, 'get_usage')).value;
    expect(usage.items.length).toBeGreaterThan(0);

    const urlScrape = await call(trusting, 'start_scrape', {
      website_id: done.website_id,
      urls: [rows.value.rows[0].url],
    });
    expect(urlScrape.value.status, urlScrape.text).toBe('AWAITING_APPROVAL');
    const cancelled = await call(trusting, 'cancel_job', { job_id: urlScrape.value.job_id });
    expect(cancelled.value.status).toBe('CANCELLED');
    const jobs = (await call(trusting, 'list_jobs', { kind: 'scraping' })).value.jobs;
    expect(jobs.map((job: any) => [job.job_id, job.status])).toEqual([
      [urlScrape.value.job_id, 'CANCELLED'],
      [scrape.value.job_id, 'COMPLETED'],
    ]);
  }, 240_000);
});
