import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShops } from '../../fixtures/default-shops.ts';
import type { ShopSpec } from '../../fixtures/shop-spec.ts';
import { type RunningShop, startShops } from '../../fixtures/start-shop.ts';
import { maxConcurrency, minStartGap } from '../../test/helpers/request-log.ts';
import { FIELDS, runEngineOnShop, type ShopRun } from '../../test/helpers/run-engine-on-shop.ts';
import { createFetcher } from './net/fetcher.ts';
import type { PageFetcher } from './net/page-fetcher.ts';

const PER_HOST_CONCURRENCY = 4;
const shops: RunningShop[] = [];
const fetchers: PageFetcher[] = [];
const runs = new Map<string, ShopRun>();

beforeAll(async () => {
  shops.push(...(await startShops(testShops)));
  // Every shop is crawled at once, each through its own fetcher, as separate jobs would be.
  await Promise.all(
    shops.map(async (shop) => {
      const fetcher = createFetcher({
        allowedHosts: ['127.0.0.1'],
        perHostConcurrency: PER_HOST_CONCURRENCY,
        minDelayMs: 0,
        retryBaseDelayMs: 50,
        // The slowed pace after a 429 or 503 is the fetcher's own test; here it only costs time.
        pushbackIntervalMs: 10,
      });
      fetchers.push(fetcher);
      runs.set(
        shop.spec.name,
        await runEngineOnShop(shop, fetcher, { concurrency: PER_HOST_CONCURRENCY * 2 }),
      );
    }),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all([...fetchers.map((fetcher) => fetcher.close()), ...shops.map((shop) => shop.close())]);
});

const run = (name: string): ShopRun => {
  const found = runs.get(name);
  if (!found) throw new Error(`no run for ${name}`);
  return found;
};
const shopNamed = (name: string): RunningShop => shops.find((shop) => shop.spec.name === name) as RunningShop;

const cases = (specs: ShopSpec[]): (readonly [string, ShopSpec])[] =>
  specs.map((spec) => [spec.name, spec] as const);
const sellers = testShops.filter((spec) => spec.kind !== 'BLOG');

describe.each(cases(testShops))('%s', (name, spec) => {
  it('is analysed right: shop or not, language, product type, size', () => {
    const truth = shopNamed(name).groundTruth.shop;
    const { progress, verdict } = run(name).analysis;
    expect(progress.is_ecommerce).toBe(truth.is_ecommerce);
    expect(progress.language).toBe(truth.language);
    expect(progress.product_type).toBe(truth.product_type ?? 'NONE');
    expect(verdict).toBe(truth.is_ecommerce ? 'OK' : 'NOT_ECOMMERCE');
    expect(Math.abs(progress.products_estimate - truth.products)).toBeLessThanOrEqual(truth.products * 0.1);
    expect([progress.config, progress.homepage, progress.size].map((part) => part.state)).toEqual([
      'DONE',
      'DONE',
      'DONE',
    ]);
    expect(progress.sitemap.state).toBe(spec.sitemap === 'NONE' ? 'NOT_FOUND' : 'DONE');
    expect(run(name).analysisUpdates.some((update) => update.homepage.state === 'RUNNING')).toBe(true);
  });

  it('never asks for a disallowed path and keeps to the per-host concurrency', () => {
    const shop = shopNamed(name);
    const disallowed = shop.requests
      .filter((request) => shop.site.disallowed(request.path))
      .map((request) => request.path);
    expect(disallowed).toEqual([]);
    expect(maxConcurrency(shop.requests)).toBeLessThanOrEqual(PER_HOST_CONCURRENCY);
    expect(shop.requests.every((request) => request.userAgent?.startsWith('ProductDataBot/'))).toBe(true);
  });
});

describe.each(cases(sellers))('%s', (name, spec) => {
  it('learns the method its product data calls for, with live training progress', () => {
    const { profile } = run(name).training;
    expect(profile.method).toBe(spec.data === 'PLAIN' ? 'SELECTORS' : spec.data);
    expect(profile.difficulty).toBe(
      { JSONLD: 'EASY', MICRODATA: 'MEDIUM', OPENGRAPH: 'MEDIUM', PLAIN: 'HARD' }[spec.data],
    );
    expect(JSON.parse(JSON.stringify(profile))).toEqual(profile);
    const updates = run(name).trainUpdates;
    expect(updates[0]?.phase).toBe('COLLECTING_PAGES');
    expect(updates.at(-1)).toMatchObject({ phase: 'DONE', percent: 100 });
    const percents = updates.map((update) => update.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(Math.max(...updates.map((update) => update.pages))).toBeLessThanOrEqual(
      updates[0]?.pages_limit ?? 0,
    );
    expect(run(name).training.samples.length).toBeGreaterThan(0);
  });

  it('finds at least 98 % of product URLs and reads every field at least 99 % right', () => {
    const { recall, accuracy, mismatches } = run(name);
    expect(recall).toBeGreaterThanOrEqual(0.98);
    for (const field of FIELDS) {
      // The first wrong value is shown when a field falls short.
      expect({
        field,
        accuracy: accuracy[field],
        example: mismatches.find((m) => m.field === field),
      }).toMatchObject({
        accuracy: expect.toSatisfy((value: number) => value >= 0.99),
      });
    }
  });
});

describe.each(cases(testShops.filter((spec) => spec.robots?.crawlDelay !== undefined)))(
  '%s',
  (name, spec) => {
    it('waits the Crawl-delay between requests', () => {
      const pages = shopNamed(name).requests.filter((request) => request.path !== '/robots.txt');
      expect(pages.length).toBeGreaterThan(20);
      // Timer granularity: a start may come a few milliseconds early against the server's clock.
      expect(minStartGap(pages)).toBeGreaterThanOrEqual((spec.robots?.crawlDelay ?? 0) * 1000 - 5);
    });
  },
);

describe.each(cases(testShops.filter((spec) => spec.rateLimited !== undefined)))('%s', (name, spec) => {
  it('waits Retry-After before asking again after a 429', () => {
    const requests = shopNamed(name).requests;
    const limited = requests.filter((request) => request.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const answer of limited) {
      const retry = requests.find((request) => request.path === answer.path && request.start > answer.start);
      expect(retry).toBeDefined();
      expect((retry?.start ?? 0) - (answer.end ?? 0)).toBeGreaterThanOrEqual(
        (spec.rateLimited?.retryAfterSeconds ?? 0) * 1000 - 5,
      );
    }
  });
});

describe.each(cases(testShops.filter((spec) => spec.flaky !== undefined)))('%s', (name) => {
  it('gets every page despite intermittent 503 answers', () => {
    const requests = shopNamed(name).requests;
    const failed = requests.filter((request) => request.status === 503);
    expect(failed.length).toBeGreaterThan(0);
    for (const answer of failed) {
      expect(requests.some((request) => request.path === answer.path && request.status === 200)).toBe(true);
    }
  });
});
