import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import type { RunningStack } from '#local/start-stack';
import { getDataObject } from '#store/data-bucket-services';
import type { ApiClient } from '#test/api-client';
import { type HandMadeShop, listingPage, productPage, startHandMadeShop } from '#test/hostile-shop';
import { pollJob } from '#test/jobs';
import { expectSettledLedger } from '#test/ledger-check';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { catalogStore } from '#websites/catalog-services';

/**
 * Shops that attack the crawler (issue 18) and shops that put products where the learned pattern
 * does not look or link to other hosts (issue 11), scraped through the API on the local stack.
 */

// One batch per scrape, and a batch time so short that slow pages make it hand URLs on. Read by
// the lane's modules when the stack first runs them, after this file has set them.
process.env.SCRAPE_BATCH_SIZE = '50';
process.env.SCRAPE_BATCH_SECONDS = '1';

const NESTED = `<!doctype html><html><body>${'<div>'.repeat(400_000)}<h1>Trap</h1>${'</div>'.repeat(400_000)}</body></html>`;
const POISONED = productPage(
  'Poisoned lamp',
  'POISON-1',
  '19.00',
  `<script type="application/ld+json">${'['.repeat(10_000)}{"@type":"Product","name":"x"}${']'.repeat(10_000)}</script>`,
);
const GOOD = Array.from({ length: 8 }, (_, index) => `/products/lamp-${index + 1}`);
const SLOW = Array.from({ length: 3 }, (_, index) => `/products/slow-lamp-${index + 1}`);

let stack: RunningStack;
let api: ApiClient;
let projectId: string;
let customerId: string;
/** Nested and poisoned pages among good ones, slow pages, and a product outside the learned pattern. */
let hostile: HandMadeShop;
/** No sitemap; a listing that paginates forever, session URLs, faceted links, a card of another host. */
let trap: HandMadeShop;
let elsewhere: HandMadeShop;

beforeAll(async () => {
  ({ stack, api, projectId, customerId } = await startOwnedProject());
  await commands.credit({ customer: customerId, amount: '100.00', reason: 'hostile shop tests' });
  elsewhere = await startHandMadeShop(() => ({ html: productPage('Elsewhere', 'X-1', '1.00') }), null);
  hostile = await startHandMadeShop(
    (path) => {
      if (path === '/')
        return {
          html: listingPage(
            [],
            [...GOOD, ...SLOW, '/products/nested', '/products/poisoned', '/special/gift-card'],
          ),
        };
      const good = GOOD.indexOf(path);
      if (good >= 0) return { html: productPage(`Lamp ${good + 1}`, `LAMP-${good + 1}`, `${good + 10}.00`) };
      const slow = SLOW.indexOf(path);
      if (slow >= 0)
        return { html: productPage(`Slow lamp ${slow + 1}`, `SLOW-${slow + 1}`, '30.00'), delayMs: 700 };
      if (path === '/products/nested') return { html: NESTED };
      // A shop that sends the crawler into a private network: the address is refused, not fetched.
      if (path === '/products/moved') return { redirectTo: 'http://10.0.0.1/products/moved' };
      if (path === '/products/poisoned') return { html: POISONED };
      if (path === '/special/gift-card')
        return {
          html: productPage('Gift card', 'GIFT-1', '25.00').replace('"USD"', '"EUR"').replace('$25', '€25'),
        };
      return null;
    },
    ['/', ...GOOD, ...SLOW, '/products/nested', '/products/poisoned', '/special/gift-card'],
  );
  const items = ['a', 'b', 'c'];
  const cards = [
    ...items.map((item) => ({ href: `/item/${item}`, name: `Item ${item}`, price: '5.00' })),
    { href: `${elsewhere.origin}/item/x`, name: 'Partner item', price: '6.00' },
  ];
  trap = await startHandMadeShop((path, query) => {
    const item = /^\/item\/([abc])$/.exec(path)?.[1];
    if (item) return { html: productPage(`Item ${item}`, `ITEM-${item}`, '5.00') };
    if (path === '/') return { html: listingPage(cards, ['/list?page=1', '/session/1/home']) };
    const session = /^\/session\/(\d+)\/home$/.exec(path)?.[1];
    if (session) return { html: listingPage(cards, [`/session/${Number(session) + 1}/home`]) };
    if (path === '/list') {
      const page = Number(query.get('page') ?? 1);
      const facets = `/list?page=${page}&sort=price&color=red&size=m&brand=b${page}`;
      return { html: listingPage(cards, [`/list?page=${page + 1}`, `/list?page=${page}&sort=name`, facets]) };
    }
    return null;
  }, null);
});

afterAll(async () => {
  delete process.env.SCRAPE_BATCH_SIZE;
  delete process.env.SCRAPE_BATCH_SECONDS;
  await stack?.stop();
  await Promise.all([hostile?.close(), trap?.close(), elsewhere?.close()]);
});

const scrapeJob = async (websiteId: string, body: Record<string, unknown>) => {
  const created = await api.post('/jobs/scraping', { project_id: projectId, website_id: websiteId, ...body });
  expect(created.status).toBe(201);
  expect((await api.post(`/jobs/scraping/${created.body.job_id}/approve`)).status).toBe(200);
  return (await pollJob(api, `/jobs/scraping/${created.body.job_id}`)).job;
};

const catalogOf = async (websiteId: string) => {
  const pointer = await catalogStore.latest(websiteId);
  return catalogStore.read(pointer as NonNullable<typeof pointer>);
};

describe('a shop with hostile pages', () => {
  let websiteId: string;

  it('is set up although some of its pages are past the reading limits or poisoned', async () => {
    websiteId = (await landWebsite(api, projectId, `${hostile.origin}/`, { country: 'US', currency: 'USD' }))
      .website_id;
  });

  it('fails only the URL of a page of 400,000 nested elements, refuses one moved to a private address, and reads the poisoned one', async () => {
    const job = await scrapeJob(websiteId, {
      urls: [
        `${hostile.origin}/products/lamp-1`,
        `${hostile.origin}/products/nested`,
        `${hostile.origin}/products/poisoned`,
        `${hostile.origin}/products/moved`,
      ],
    });
    expect(job).toMatchObject({
      status: 'COMPLETED',
      url_results: { OK: 2, FAILED: 1, ADDRESS_NOT_ALLOWED: 1 },
      settlement: { quantity: 2 },
    });
    const products = await catalogStore.read({
      object_key: `catalogs/${projectId}/${websiteId}/${job.job_id}.jsonl`,
    });
    const names = products.map((product) => product.name).sort();
    expect(names).toEqual(['Lamp 1', 'Poisoned lamp']);
  });

  it('scrapes every product of a FULL scrape, the one outside the learned pattern in its own currency, handing slow URLs on', async () => {
    const job = await scrapeJob(websiteId, { variant: 'FULL' });
    expect(job.status).toBe('COMPLETED');
    const catalog = await catalogOf(websiteId);
    expect(catalog.map((product) => product.sku).sort()).toEqual(
      [
        ...GOOD.map((_, index) => `LAMP-${index + 1}`),
        ...SLOW.map((_, index) => `SLOW-${index + 1}`),
        'POISON-1',
        'GIFT-1',
      ].sort(),
    );
    expect(catalog.find((product) => product.sku === 'GIFT-1')).toMatchObject({
      price: '25.00',
      currency: 'EUR',
    });
    expect(catalog.find((product) => product.sku === 'LAMP-1')).toMatchObject({ currency: 'USD' });
    // The batch ran out of its second and handed the rest of its URLs to a next part.
    const first = JSON.parse(
      (await getDataObject(`scrape-runs/${job.job_id}/results/0.counts.json`)) ?? '{}',
    );
    expect(first.next).toBeGreaterThan(0);
  });

  it('answers other requests at once afterwards, with every hold of its jobs settled', async () => {
    expect((await api.get(`/websites/${websiteId}`)).status).toBe(200);
    expect((await api.get('/account')).status).toBe(200);
    const balance = await expectSettledLedger(customerId);
    expect(balance.balance).toBeLessThan(10_000);
  });
});

describe('a shop full of crawler traps', () => {
  let websiteId: string;

  it('is set up without reading the host its product cards link to', async () => {
    websiteId = (await landWebsite(api, projectId, `${trap.origin}/`, { country: 'US', currency: 'USD' }))
      .website_id;
    expect(elsewhere.requests).toEqual([]);
  });

  it('plans a FULL scrape past endless pagination, session URLs and facets, reading only its own host', async () => {
    const before = trap.requests.length;
    const job = await scrapeJob(websiteId, { variant: 'FULL' });
    expect(job.status).toBe('COMPLETED');
    expect((await catalogOf(websiteId)).map((product) => product.sku).sort()).toEqual([
      'ITEM-a',
      'ITEM-b',
      'ITEM-c',
    ]);
    const during = trap.requests.slice(before);
    // Each kind of page is given up after 10 pages that bring no new product.
    expect(during.filter((path) => path.startsWith('/list')).length).toBeLessThan(60);
    expect(during.filter((path) => path.startsWith('/session')).length).toBeLessThan(30);
    expect(during.some((path) => path.includes('brand='))).toBe(false);
    expect(elsewhere.requests).toEqual([]);
  });

  it('answers other requests at once afterwards, with every hold of its jobs settled', async () => {
    expect((await api.get(`/websites/${websiteId}`)).status).toBe(200);
    expect((await api.get('/account')).status).toBe(200);
    const balance = await expectSettledLedger(customerId);
    expect(balance.balance).toBeLessThan(10_000);
  });
});
