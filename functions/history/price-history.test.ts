import { describe, expect, it } from 'vitest';
import { historyShard, productId } from '#core/product-id';
import type { ObjectStore } from '#store/object-store';
import { appendHistoryRun, historyPrefix, readProductSeries, websiteHistory } from './price-history.ts';
import type { PriceObservation } from './price-observation.ts';

function memoryStore() {
  const objects = new Map<string, string>();
  const reads: string[] = [];
  const store: ObjectStore = {
    put: async (key, body) => void objects.set(key, body),
    get: async (key) => {
      reads.push(key);
      return objects.get(key) ?? null;
    },
    list: async (prefix) => [...objects.keys()].filter((key) => key.startsWith(prefix)).sort(),
    delete: async (key) => void objects.delete(key),
  };
  return { store, objects, reads };
}

const urlOf = (product: number) => `https://shop.example/p/${product}`;
const day = (run: number) =>
  new Date(Date.parse('2026-01-01T00:00:00.000Z') + run * 86_400_000).toISOString();

function run(index: number, products: number): PriceObservation[] {
  return Array.from({ length: products }, (_, product) => ({
    product_id: productId(urlOf(product)),
    url: urlOf(product),
    price: `${10 + index}.00`,
    currency: 'EUR',
    availability: 'IN_STOCK',
    // One run's pages are read over two days, so its object spans both.
    observed_at: product % 2 === 0 ? day(index * 2) : day(index * 2 + 1),
    job_id: `job_${index}`,
  }));
}

async function filled(runs: number, products: number) {
  const memory = memoryStore();
  for (let index = 0; index < runs; index++)
    await appendHistoryRun(memory.store, {
      projectId: 'prj_a',
      websiteId: 'web_a',
      jobId: `job_${index}`,
      observations: run(index, products),
    });
  memory.reads.length = 0;
  return memory;
}

const query = (product: number, from: string | null = null, to: string | null = null) => ({
  projectId: 'prj_a',
  websiteId: 'web_a',
  productId: productId(urlOf(product)),
  from,
  to,
});

describe('price history', () => {
  it('writes one object per shard a run has products in, named by shard, time span and job', async () => {
    const { objects } = await filled(1, 3);
    const shards = new Set([0, 1, 2].map((product) => historyShard(productId(urlOf(product)))));
    expect(objects.size).toBe(shards.size);
    for (const key of objects.keys())
      expect(key).toMatch(
        /^history\/prj_a\/web_a\/[0-9a-f]{2}\/2026-01-0[12]T00:00:00\.000Z_2026-01-0[12]T00:00:00\.000Z_job_0\.jsonl$/,
      );
  });

  it("reads a product's series from its shard only, oldest first", async () => {
    const { store, reads } = await filled(5, 200);
    const series = await readProductSeries(store, query(7));
    expect(series?.map((point) => [point.job_id, point.price])).toEqual(
      [0, 1, 2, 3, 4].map((index) => [`job_${index}`, `${10 + index}.00`]),
    );
    expect(reads.length).toBe(5);
    const shard = `${historyPrefix('prj_a', 'web_a')}${historyShard(productId(urlOf(7)))}/`;
    expect(reads.every((key) => key.startsWith(shard))).toBe(true);
  });

  it('reads only the runs whose time span meets the range, both ends included', async () => {
    const { store, reads } = await filled(5, 20);
    // Product 3 is read on the second day of each run: run 2 on day 5.
    const series = await readProductSeries(store, query(3, day(4), day(5)));
    expect(series?.map((point) => point.job_id)).toEqual(['job_2']);
    expect(reads.length).toBe(1);
  });

  it('tells a product never seen (null) from one not seen in the range (empty)', async () => {
    const { store } = await filled(3, 20);
    expect(await readProductSeries(store, query(999))).toBeNull();
    expect(await readProductSeries(store, query(3, day(100), null))).toEqual([]);
  });

  it('gives the whole history of a website, each product together and oldest first', async () => {
    const { store } = await filled(3, 4);
    const all: PriceObservation[] = [];
    for await (const point of websiteHistory(store, 'prj_a', 'web_a')) all.push(point);
    expect(all.length).toBe(12);
    const ids = all.map((point) => point.product_id);
    expect(new Set(ids).size).toBe(4);
    for (const id of new Set(ids)) {
      const first = ids.indexOf(id);
      expect(ids.lastIndexOf(id) - first).toBe(2);
      expect(all.slice(first, first + 3).map((point) => point.job_id)).toEqual(['job_0', 'job_1', 'job_2']);
    }
  });

  it('reads the whole history one shard at a time, as it is consumed', async () => {
    const { store, reads } = await filled(3, 40);
    const history = websiteHistory(store, 'prj_a', 'web_a');
    const first = await history.next();
    const shard = historyShard((first.value as PriceObservation).product_id);
    expect(reads.length).toBe(3);
    expect(reads.every((key) => key.startsWith(`${historyPrefix('prj_a', 'web_a')}${shard}/`))).toBe(true);
  });

  it('reads a product’s series in requests bounded by the calendar, not by the runs, after merging ended periods', async () => {
    const memory = memoryStore();
    const HOUR = 3_600_000;
    const start = Date.parse('2026-01-01T00:30:00.000Z');
    // Every 6 hours for 70 days: 280 runs over January, February and part of March.
    for (let index = 0; index < 280; index++) {
      const observedAt = new Date(start + index * 6 * HOUR).toISOString();
      await appendHistoryRun(memory.store, {
        projectId: 'prj_a',
        websiteId: 'web_a',
        jobId: `job_${index}`,
        observations: [0, 1, 2].map((product) => ({
          ...run(index, 3)[product],
          observed_at: observedAt,
        })) as PriceObservation[],
        previousRunAt: index === 0 ? null : new Date(start + (index - 1) * 6 * HOUR).toISOString(),
      });
    }
    memory.reads.length = 0;
    const series = await readProductSeries(memory.store, query(1));
    expect(series?.map((point) => point.job_id)).toEqual(
      Array.from({ length: 280 }, (_, index) => `job_${index}`),
    );
    // January and February whole, the ended days of March one each, today's runs.
    expect(memory.reads.length).toBe(2 + 10 + 4);
  });
});
