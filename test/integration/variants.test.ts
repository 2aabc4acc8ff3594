import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { URL_SCRAPE_COLUMNS } from '#exports/export-datasets';
import { createCatalog, quantityOf } from '#fixtures/catalog';
import { decimalString } from '#fixtures/market';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { readCsvObjects } from '#test/read-csv';

/**
 * Variants and unit prices through HTTP on the local stack: a shop whose product pages offer sizes
 * (JSON-LD ProductGroup) and whose names state a quantity ("… 500 g", "… 2 x 0,5 l"), scraped by URL
 * list; the job's products file holds a row per variant with its own SKU, GTIN, price and stock, one
 * group per page and the unit price, while the job is charged per page. The shop sells in euros, as
 * the project's currency is, so the file's prices are the shop's own.
 */
const SHOP: ShopSpec = {
  name: 'variants-shop',
  platform: 'shopify',
  data: 'JSONLD',
  products: 8,
  variants: 0.5,
  language: 'de',
  market: 'DE',
  theme: 'FASHION',
  sitemap: 'INDEX',
  traps: ['PRODUCT_GROUP', 'QUANTITY_IN_NAME'],
};
const catalog = createCatalog(SHOP);
const products = Array.from({ length: catalog.size }, (_, index) => catalog.product(index));

let stack: RunningStack;
let api: ApiClient;
let projectId: string;
let websiteId: string;
let shop: RunningShop;
let job: any;
let urls: string[];

/** The price per unit of a product's quantity, exactly as a shop would reckon it: rounded half-up once. */
function expectedUnitPrice(cents: number, index: number): string {
  const [num, den] = quantityOf(index).per;
  const scaled = BigInt(cents) * BigInt(den);
  const whole = scaled / BigInt(num);
  const rounded = (scaled % BigInt(num)) * 2n >= BigInt(num) ? whole + 1n : whole;
  return decimalString(Number(rounded), catalog.market);
}

beforeAll(async () => {
  let customerId: string;
  ({ stack, api, customerId, projectId } = await startOwnedProject()); // DE, EUR
  shop = await startShop(SHOP);
  websiteId = (await landWebsite(api, projectId, shop.url, { country: 'DE', currency: 'EUR' })).website_id;
  await commands.credit({ customer: customerId, amount: '20.00', reason: 'variants tests' });
  urls = shop.groundTruth.products.map((product) => product.url);
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

async function jobFile(format: 'csv' | 'jsonl'): Promise<string> {
  const link = await api.get('/exports/products/url', {
    query: { project_id: projectId, job_id: job.job_id, format },
  });
  expect(link.status).toBe(200);
  return (await fetch(link.body.url)).text();
}

describe('a shop whose pages offer variants', () => {
  it('sells products with and without variants (the fixture this file needs)', () => {
    expect(products.some((product) => product.variants.length > 1)).toBe(true);
    expect(products.some((product) => product.variants.length === 1)).toBe(true);
  });

  it('is charged per page: variants come at no extra charge', () => {
    expect(job.url_results).toMatchObject({ OK: products.length, FAILED: 0 });
    expect(job.settlement.quantity).toBe(products.length);
  });

  it('delivers a row per variant with its own SKU, GTIN, price and stock, one group per page', async () => {
    const lines = (await jobFile('jsonl'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(Object.keys(lines[0])).toEqual([...URL_SCRAPE_COLUMNS]);
    expect(lines).toHaveLength(products.reduce((sum, product) => sum + product.variants.length, 0));
    for (const [index, product] of products.entries()) {
      const rows = lines.filter((line) => line.url === urls[index]);
      const hasVariants = product.variants.length > 1;
      expect(
        rows.map((row) => [row.sku, row.gtin, row.original_price, row.availability, row.variant_attributes]),
      ).toEqual(
        product.variants.map((variant) => [
          variant.sku,
          variant.gtin,
          decimalString(variant.price, catalog.market),
          variant.availability,
          hasVariants ? { size: variant.label } : null,
        ]),
      );
      expect(new Set(rows.map((row) => row.variant_group))).toEqual(
        new Set([hasVariants ? urls[index] : null]),
      );
      for (const row of rows) expect(row.name).toBe(product.name);
    }
  });

  it('gives each row the unit price its name states, per kg, l or piece', async () => {
    const lines = (await jobFile('jsonl'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    for (const [index, product] of products.entries()) {
      const rows = lines.filter((line) => line.url === urls[index]);
      expect(rows.map((row) => [row.unit_price, row.unit])).toEqual(
        product.variants.map((variant) => [expectedUnitPrice(variant.price, index), quantityOf(index).unit]),
      );
    }
  });

  it('writes the attributes as JSON text in the CSV', async () => {
    const rows = readCsvObjects(await jobFile('csv'));
    const withVariants = products.findIndex((product) => product.variants.length > 1);
    const row = rows.find((candidate) => candidate.url === urls[withVariants]);
    expect(JSON.parse(row?.variant_attributes ?? 'null')).toEqual({
      size: products[withVariants]?.variants[0]?.label,
    });
  });

  it('shows variants and unit prices in the setup sample, a few a page', async () => {
    const sample = (await api.get(`/websites/${websiteId}/sample`)).body.products as any[];
    expect(sample.length).toBeGreaterThan(0);
    for (const record of sample) {
      expect(record).toHaveProperty('variant_group');
      expect(record.unit).toMatch(/^(kg|l|piece)$/);
    }
    const perPage = new Map<string, number>();
    for (const record of sample) perPage.set(record.url, (perPage.get(record.url) ?? 0) + 1);
    expect(Math.max(...perPage.values())).toBeLessThanOrEqual(3);
  });
});
