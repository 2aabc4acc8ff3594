import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { PRODUCT_COLUMNS, URL_SCRAPE_COLUMNS } from '#exports/export-datasets';
import { FORMULA_NAME } from '#fixtures/catalog';
import { FOREIGN_ORIGIN } from '#fixtures/shop-site';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob } from '#test/jobs';
import { newProject } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { readCsv, readCsvObjects } from '#test/read-csv';

/**
 * What a URL scrape delivers, through HTTP on the local stack: its own products file with every URL
 * sent and its result, the fetched URL beside a canonical on another host, a product named like a
 * formula neutralised in CSV and raw in JSON Lines, and an "About us" page neither a product nor
 * charged.
 */
const SHOP: ShopSpec = {
  name: 'url-scrape-exports-shop',
  platform: 'shopify',
  data: 'JSONLD',
  products: 12,
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
  traps: ['FORMULA_NAME', 'FOREIGN_CANONICAL'],
};

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let ownerId: string;
let projectId: string;
let websiteId: string;
let shop: RunningShop;
let job: any;
let urls: string[];

const truth = (index: number) =>
  shop.groundTruth.products[index] as (typeof shop.groundTruth.products)[number];

beforeAll(async () => {
  let owner: { userId: string };
  ({ stack, api, customerId, projectId, owner } = await startOwnedProject()); // DE, EUR
  ownerId = owner.userId;
  shop = await startShop(SHOP);
  websiteId = (await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' })).website_id;
  await commands.credit({ customer: customerId, amount: '50.00', reason: 'URL scrape exports tests' });
  urls = [
    truth(0).url,
    `${shop.origin}/pages/about`,
    truth(1).url,
    `${shop.origin}/products/no-such-product`,
    truth(2).url,
    // The first product again, reached through a tracking link: one product, delivered and charged once.
    `${truth(0).url}?utm_source=newsletter`,
  ];
  const created = await api.post('/jobs/scraping', { project_id: projectId, website_id: websiteId, urls });
  expect(created.status).toBe(201);
  expect((await api.post(`/jobs/scraping/${created.body.job_id}/approve`)).status).toBe(200);
  ({ job } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`));
  if (job.status !== 'COMPLETED') throw new Error(`URL scrape ended ${job.status}: ${job.error}`);
});

afterAll(async () => {
  await stack?.stop();
  await shop?.close();
});

const jobFileUrl = (query: Record<string, string> = {}) =>
  api.get('/exports/products/url', { query: { project_id: projectId, job_id: job.job_id, ...query } });

async function download(url: string) {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('a URL scrape', () => {
  it('counts an About-us page NOT_A_PRODUCT and charges only the distinct OK products', async () => {
    expect(job.url_results).toEqual({
      OK: 4,
      NOT_FOUND: 1,
      NOT_A_PRODUCT: 1,
      BLOCKED_BY_ROBOTS: 0,
      ADDRESS_NOT_ALLOWED: 0,
      BLOCKED: 0,
      FAILED: 0,
    });
    expect(job.settlement.quantity).toBe(3);
    const usage = (await api.get(`/customers/${customerId}/billing/usage`)).body.items;
    expect(usage.filter((item: any) => item.job_id === job.job_id)).toEqual([
      expect.objectContaining({ job_type: 'URL_SCRAPE', quantity: 3, amount: job.settlement.amount }),
    ]);
  });

  it('is listed in GET /exports as its job’s products file, in every format', async () => {
    const listed = await api.get('/exports', { query: { project_id: projectId } });
    expect(listed.status).toBe(200);
    const item = { dataset: 'products', website_id: websiteId, job_id: job.job_id, rows: urls.length };
    expect(listed.body).toEqual(
      ['csv', 'jsonl', 'xlsx', 'parquet'].map((format) => ({
        ...item,
        format,
        bytes: expect.any(Number),
        updated_at: expect.any(String),
        currency: 'EUR',
      })),
    );
  });

  it('delivers a file with exactly the OK products under their fetched URLs and every URL’s result', async () => {
    const link = await jobFileUrl();
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({
      dataset: 'products',
      project_id: projectId,
      website_id: websiteId,
      job_id: job.job_id,
      format: 'csv',
    });
    const file = await download(link.body.url);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(readCsv(file.text)[0]).toEqual([...URL_SCRAPE_COLUMNS]);
    const rows = readCsvObjects(file.text);
    expect(rows.map((row) => [row.url, row.url_result])).toEqual([
      [urls[0], 'OK'],
      [urls[1], 'NOT_A_PRODUCT'],
      [urls[2], 'OK'],
      [urls[3], 'NOT_FOUND'],
      [urls[4], 'OK'],
      [urls[5], 'OK'],
    ]);
    for (const row of rows.filter((row) => row.url_result === 'OK')) {
      const product = shop.groundTruth.products.find((candidate) => candidate.url === row.url?.split('?')[0]);
      expect(row).toMatchObject({
        website_id: websiteId,
        sku: product?.sku ?? '',
        original_price: product?.price,
        original_currency: 'USD',
        currency: 'EUR',
      });
      expect(row.price).toMatch(/^\d+\.\d{2}$/);
    }
    for (const row of rows.filter((row) => row.url_result !== 'OK'))
      expect(
        PRODUCT_COLUMNS.filter((column) => !['website_id', 'url'].includes(column) && row[column]),
      ).toEqual([]);
  });

  it('keeps the fetched URL of a page whose canonical points to another host, the canonical beside it', async () => {
    const rows = readCsvObjects((await download((await jobFileUrl()).body.url)).text);
    expect(rows[4]).toMatchObject({
      url: truth(2).url,
      canonical_url: `${FOREIGN_ORIGIN}${new URL(truth(2).url).pathname}`,
      name: truth(2).name,
    });
    expect(rows[0]).toMatchObject({ url: truth(0).url, canonical_url: truth(0).url });
    // The tracking link's row shows the one delivered product under the URL sent.
    expect(rows[5]).toMatchObject({ url: urls[5], name: truth(0).name, sku: rows[0]?.sku });
  });

  it('neutralises a product named like a formula in CSV and keeps it raw in JSON Lines', async () => {
    expect(truth(1).name).toBe(FORMULA_NAME);
    const csv = readCsvObjects((await download((await jobFileUrl()).body.url)).text);
    expect(csv[2]?.name).toBe(`'${FORMULA_NAME}`);

    const redirect = await api.get('/exports/products', {
      query: { project_id: projectId, job_id: job.job_id, format: 'jsonl' },
    });
    expect(redirect.status).toBe(302);
    const file = await download(redirect.headers.get('location') as string);
    expect(file.type).toBe('application/x-ndjson; charset=utf-8');
    const lines = file.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(urls.length);
    expect(Object.keys(lines[0])).toEqual([...URL_SCRAPE_COLUMNS]);
    expect(lines[2]).toMatchObject({ url: truth(1).url, name: FORMULA_NAME, url_result: 'OK' });
    expect(lines[1]).toMatchObject({ url: urls[1], name: null, price: null, url_result: 'NOT_A_PRODUCT' });
  });

  it('leaves the website without a website products file (a URL scrape is a part of the shop)', async () => {
    expectProblem(
      await api.get('/exports/products/url', { query: { project_id: projectId, website_id: websiteId } }),
      404,
      'EXPORT_FILE_NOT_FOUND',
    );
  });

  it('answers 404 for a job of another project, an unknown job, and another dataset of the job', async () => {
    expectProblem(await jobFileUrl({ job_id: 'job_unknown' }), 404, 'JOB_NOT_FOUND');
    const other = await newProject(customerId, ownerId, 'Other');
    expectProblem(await jobFileUrl({ project_id: other }), 404, 'JOB_NOT_FOUND');
    expectProblem(
      await api.get('/exports/matches/url', { query: { project_id: projectId, job_id: job.job_id } }),
      404,
      'EXPORT_FILE_NOT_FOUND',
    );
    expect((await jobFileUrl({ format: 'ods' })).status).toBe(422);
  });

  it('rebuilds the job’s file in the new currency after the project’s currency changes', async () => {
    await api.patch(`/projects/${projectId}`, { localization: { country: 'JP', currency: 'JPY' } });
    const rows = readCsvObjects((await download((await jobFileUrl()).body.url)).text);
    expect(rows.filter((row) => row.url_result === 'OK').every((row) => row.currency === 'JPY')).toBe(true);
    expect(rows.map((row) => row.url)).toEqual(urls);
  });
});

describe('a FULL scrape of the same shop', () => {
  it('keeps fetched URLs beside foreign canonicals in the website file, neutralised, and reports url_results', async () => {
    const created = await api.post('/jobs/scraping', {
      project_id: projectId,
      website_id: websiteId,
      variant: 'FULL',
    });
    expect((await api.post(`/jobs/scraping/${created.body.job_id}/approve`)).status).toBe(200);
    const { job: full } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`);
    expect(full.status).toBe('COMPLETED');
    expect(full.url_results).toMatchObject({ OK: shop.groundTruth.products.length, FAILED: 0 });

    const link = await api.get('/exports/products/url', {
      query: { project_id: projectId, website_id: websiteId },
    });
    expect(link.body).toMatchObject({ job_id: null, format: 'csv' });
    const rows = readCsvObjects((await download(link.body.url)).text);
    expect(rows.map((row) => row.url).sort()).toEqual(
      shop.groundTruth.products.map((product) => product.url).sort(),
    );
    expect(rows.find((row) => row.url === truth(2).url)?.canonical_url).toBe(
      `${FOREIGN_ORIGIN}${new URL(truth(2).url).pathname}`,
    );
    expect(rows.find((row) => row.url === truth(1).url)?.name).toBe(`'${FORMULA_NAME}`);
    // The URL scrape's own file stays as it was delivered.
    expect(
      readCsvObjects((await download((await jobFileUrl()).body.url)).text).map((row) => row.url),
    ).toEqual(urls);
  });
});
