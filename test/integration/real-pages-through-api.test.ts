import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { productIdentity } from '#core/product-identity';
import type { ProductRecord } from '#core/product-record';
import { readPage } from '#crawl/page-reading';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { fieldsOfRecord, loadRealPages, type RealPage, readRealPagesUntrained } from '#test/real-pages';
import {
  accuracy,
  type ExtractionScore,
  SCORED_FIELDS,
  type ScoredField,
  scoreExtraction,
} from '#test/score-extraction';
import { catalogStore } from '#websites/catalog-services';

/**
 * The 73 real development pages (31 shops) served as one local shop, as issue 11 tried them: each
 * page at `/<its host><its path>`, a robots.txt allowing all, a sitemap and a homepage linking every
 * page. A setup, a URL scrape of every page and a FULL scrape go through the API and are scored as
 * the page reader alone is scored on the same pages in the same run.
 */

const pages = loadRealPages();

// Training reads its pages through every learner; a handful keeps the setup inside the test's time.
process.env.SETUP_TRAIN_PAGES = '8';
const localPath = (page: RealPage): string => {
  const url = new URL(page.expected.url);
  return `/${url.host}${url.pathname}${url.search}`;
};

let stack: RunningStack;
let api: ApiClient;
let projectId: string;
let websiteId: string;
let origin: string;
let close: () => Promise<void>;
/** Each page's id by the URL the scrape reads it at. */
const idByUrl = new Map<string, string>();

beforeAll(async () => {
  const byPath = new Map(pages.map((page) => [localPath(page), page]));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local.test');
    const path = `${url.pathname}${url.search}`;
    const links = [...byPath.keys()];
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    }
    if (path === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      const entries = links.map((link) => `<url><loc>${origin}${link.replaceAll('&', '&amp;')}</loc></url>`);
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>`,
      );
    }
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const items = links.map((link) => `<li><a href="${link.replaceAll('&', '&amp;')}">product</a></li>`);
      return res.end(`<!doctype html><html><body><h1>Shop</h1><ul>${items.join('')}</ul></body></html>`);
    }
    const page = byPath.get(path);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<h1>Not found</h1>');
    }
    // The saved bytes, undeclared charset and all: the page's own <meta charset> decides, as on its shop.
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  for (const page of pages) {
    idByUrl.set(new URL(localPath(page), origin).href, page.expected.id);
    // A record names the page's canonical URL, which most saved pages give on their own host.
    const canonical = new URL(readPage(page.html, page.expected.url).canonical);
    idByUrl.set(canonical.href, page.expected.id);
    // A root-relative canonical names the local shop's root, without the host the path starts with.
    idByUrl.set(new URL(`${canonical.pathname}${canonical.search}`, origin).href, page.expected.id);
    idByUrl.set(readPage(page.html, new URL(localPath(page), origin).href).canonical, page.expected.id);
  }

  let customerId: string;
  ({ stack, api, projectId, customerId } = await startOwnedProject());
  await commands.credit({ customer: customerId, amount: '1000.00', reason: 'real pages through the API' });
  websiteId = (await landWebsite(api, projectId, `${origin}/`, { country: 'US', currency: 'USD' }))
    .website_id;
}, 300_000);

afterAll(async () => {
  delete process.env.SETUP_TRAIN_PAGES;
  await stack?.stop();
  await close?.();
});

const scoreOf = (records: Map<string, ProductRecord | null>): ExtractionScore =>
  scoreExtraction(
    pages.map((page) => page.expected),
    new Map(pages.map((page) => [page.expected.id, fieldsOfRecord(records.get(page.expected.id) ?? null)])),
  );

const recordsById = (products: readonly ProductRecord[]): Map<string, ProductRecord | null> => {
  const records = new Map<string, ProductRecord | null>();
  for (const product of products) {
    const id = idByUrl.get(product.url);
    // A page offering variants lists the variant it shows first: that one is scored.
    if (id && !records.has(id)) records.set(id, product);
  }
  return records;
};

const scrape = async (body: Record<string, unknown>) => {
  const created = await api.post('/jobs/scraping', { project_id: projectId, website_id: websiteId, ...body });
  expect(created.status).toBe(201);
  expect((await api.post(`/jobs/scraping/${created.body.job_id}/approve`)).status).toBe(200);
  const { job } = await pollJob(api, `/jobs/scraping/${created.body.job_id}`);
  expect(job.status).toBe('COMPLETED');
  return catalogStore.read({ object_key: `catalogs/${projectId}/${websiteId}/${job.job_id}.jsonl` });
};

const library = scoreOf(readRealPagesUntrained(pages));
const report = (label: string, score: ExtractionScore): string =>
  `${label}: ${score.pagesWithRecord} records; ${SCORED_FIELDS.map((field) => `${field} ${accuracy(score.fields[field]).toFixed(3)}`).join(', ')}`;

/**
 * Floors just under what the API measured (09:19 UTC, 2026-11-24): name 0.958, price 0.973,
 * currency 1.000, brand 0.906 (page reader 0.925: a learned brand row reads "De’Longhi" where the
 * annotation has the maker's "DeLonghi"), GTIN 1.000, SKU 0.943, MPN 0.733, availability 0.973.
 * Rules learned on a few pages of 31 shops served as one do not outrank the pages' own data: a
 * rule disagreeing with the training pages' structured data is dropped, and a name rule reads the
 * heading that names the page among its matches.
 */
const FLOORS: Record<ScoredField, number> = {
  name: 0.95,
  price: 0.96,
  currency: 0.98,
  brand: 0.89,
  gtin: 0.97,
  sku: 0.93,
  mpn: 0.72,
  availability: 0.96,
};

describe('the real development pages through the API', () => {
  let urlScrape: Map<string, ProductRecord | null>;
  let urlScrapeRecords: ProductRecord[];
  let urlScore: ExtractionScore;

  it('reads every page in a URL scrape, at the page reader’s accuracy where the learned profile does not differ', async () => {
    urlScrapeRecords = await scrape({ urls: pages.map((page) => new URL(localPath(page), origin).href) });
    urlScrape = recordsById(urlScrapeRecords);
    urlScore = scoreOf(urlScrape);
    console.info(report('library', library));
    console.info(report('URL scrape', urlScore));
    expect(urlScore.pagesWithRecord).toBeGreaterThanOrEqual(library.pagesWithRecord);
    for (const field of SCORED_FIELDS)
      expect(accuracy(urlScore.fields[field]), field).toBeGreaterThanOrEqual(FLOORS[field]);
  });

  it('reads the same in a FULL scrape, which reads every page the sitemap names', async () => {
    const score = scoreOf(recordsById(await scrape({ variant: 'FULL' })));
    console.info(report('FULL scrape', score));
    expect(score.pagesWithRecord).toBe(urlScore.pagesWithRecord);
    for (const field of SCORED_FIELDS)
      expect(accuracy(score.fields[field]), field).toBe(accuracy(urlScore.fields[field]));
  });

  it('shows in the setup’s sample the values a scrape reads', async () => {
    const sample = (await api.get(`/websites/${websiteId}/sample`)).body.products as ProductRecord[];
    expect(sample.length).toBeGreaterThan(0);
    for (const product of sample) {
      // The sample shows a few variants of a page; each is the scrape's record of that variant.
      const scraped = urlScrapeRecords.find(
        (record) => record.url === product.url && productIdentity(record) === productIdentity(product),
      );
      const values = ({ name, price, currency, sku, availability }: ProductRecord) => ({
        name,
        price,
        currency,
        sku,
        availability,
      });
      expect(values(product), product.url).toEqual(values(scraped as ProductRecord));
    }
  });
});
