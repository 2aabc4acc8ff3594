import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { productId } from '#core/product-id';
import { appendHistoryRun, readProductSeries } from '#history/price-history';
import type { PriceObservation } from '#history/price-observation';
import type { ObjectStore } from '#store/object-store';

/**
 * One product's price series of a website with 10,000 products scraped daily for a year, read
 * through the service's history module (one shard of 256), against the naive layout a catalog store
 * would give: one object per run holding every product, all of which must be read. Both layouts are
 * written to a temporary folder through a filesystem implementation of the object-store interface
 * the data bucket implements (365 runs are too many for the S3 fake), and every byte read is counted.
 */
const PRODUCTS = 10_000;
const RUNS = 365;
const PROJECT = 'prj_bench';
const WEBSITE = 'web_bench';

/** An object store over a folder, counting the objects and bytes read. */
function folderStore(root: string) {
  const counts = { objects: 0, bytes: 0 };
  const store: ObjectStore = {
    async put(key, body) {
      await mkdir(dirname(join(root, key)), { recursive: true });
      await writeFile(join(root, key), body);
    },
    async get(key) {
      try {
        const bytes = await readFile(join(root, key));
        counts.objects++;
        counts.bytes += bytes.length;
        return bytes.toString('utf8');
      } catch {
        return null;
      }
    },
    async list(prefix) {
      try {
        const entries = await readdir(join(root, prefix), { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) => relative(root, join(entry.parentPath, entry.name)))
          .sort();
      } catch {
        return [];
      }
    },
    async delete(key) {
      await unlink(join(root, key)).catch(() => undefined);
    },
  };
  return { store, counts };
}

const urlOf = (product: number) => `https://bench-shop.example/products/item-${product}`;
const ids = Array.from({ length: PRODUCTS }, (_, product) => productId(urlOf(product)));
const DAY_MS = 86_400_000;
const START = Date.parse('2025-01-01T06:00:00.000Z');

function observationsOf(run: number): PriceObservation[] {
  const observedAt = new Date(START + run * DAY_MS).toISOString();
  return ids.map((id, product) => ({
    product_id: id,
    url: urlOf(product),
    price: `${(100 + ((product * 7 + run * 3) % 50)).toFixed(0)}.90`,
    currency: 'EUR',
    availability: (product + run) % 17 === 0 ? 'OUT_OF_STOCK' : 'IN_STOCK',
    observed_at: observedAt,
    job_id: `job_bench${String(run).padStart(3, '0')}`,
  }));
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const ms = (start: number) => performance.now() - start;

/** The naive read: every whole-catalog run object, each line of the product kept. */
async function naiveSeries(objects: ObjectStore, id: string): Promise<PriceObservation[]> {
  const points: PriceObservation[] = [];
  for (const key of await objects.list(`naive/${WEBSITE}/`)) {
    const text = (await objects.get(key)) ?? '';
    for (const line of text.split('\n'))
      if (line.includes(id)) points.push(JSON.parse(line) as PriceObservation);
  }
  return points;
}

export async function runHistoryBench(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'pds-history-bench-'));
  const { store, counts } = folderStore(root);
  try {
    console.log(
      `Writing ${PRODUCTS.toLocaleString('en')} products × ${RUNS} runs (filesystem object store in ${root}: the S3 fake is too slow for 365 runs)…`,
    );
    const writing = performance.now();
    let historyObjects = 0;
    for (let run = 0; run < RUNS; run++) {
      const observations = observationsOf(run);
      const jobId = observations[0]?.job_id as string;
      historyObjects += await appendHistoryRun(store, {
        projectId: PROJECT,
        websiteId: WEBSITE,
        jobId,
        observations,
      });
      await store.put(
        `naive/${WEBSITE}/${observations[0]?.observed_at}_${jobId}.jsonl`,
        observations.map((observation) => `${JSON.stringify(observation)}\n`).join(''),
      );
    }
    console.log(
      `  written in ${(ms(writing) / 1000).toFixed(1)} s: ${historyObjects} history objects, ${RUNS} naive run objects`,
    );

    const product = 4242;
    const id = ids[product] as string;
    const measure = async (read: () => Promise<PriceObservation[] | null>) => {
      counts.objects = 0;
      counts.bytes = 0;
      const start = performance.now();
      const points = (await read()) ?? [];
      return { points: points.length, time: ms(start), objects: counts.objects, bytes: counts.bytes };
    };
    const query = { projectId: PROJECT, websiteId: WEBSITE, productId: id };
    const sharded = await measure(() => readProductSeries(store, { ...query, from: null, to: null }));
    const naive = await measure(() => naiveSeries(store, id));
    const lastMonthFrom = new Date(START + (RUNS - 30) * DAY_MS).toISOString();
    const month = await measure(() => readProductSeries(store, { ...query, from: lastMonthFrom, to: null }));
    if (sharded.points !== RUNS || naive.points !== RUNS || month.points !== 30)
      throw new Error(`Series lengths differ: ${sharded.points}, ${naive.points}, ${month.points}`);

    const row = (name: string, result: typeof sharded) =>
      `  ${name.padEnd(34)} ${String(result.points).padStart(4)} points  ${result.time.toFixed(0).padStart(6)} ms  ${String(result.objects).padStart(5)} objects  ${mb(result.bytes).padStart(10)}`;
    console.log(`One product's series (product ${product}, ${id}):`);
    console.log(row('history shard (1 of 256), a year', sharded));
    console.log(row('history shard, the last 30 days', month));
    console.log(row('naive whole-catalog scan, a year', naive));
    console.log(
      `  ratio naive / sharded: ${(naive.bytes / sharded.bytes).toFixed(0)}× the bytes, ${(naive.time / sharded.time).toFixed(1)}× the time`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
