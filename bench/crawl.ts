import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseSite, createFetcher, enumerateProductUrls, trainProfile } from '#crawl/index';
import { benchShop } from '../fixtures/default-shops.ts';
import { startShop } from '../fixtures/start-shop.ts';
import { runWorker } from './run-worker.ts';

const CONCURRENCY = 8;

interface WorkerResult {
  engine: string;
  pages: number;
  products: number;
  seconds: number;
  peakRssKb: number;
}

/**
 * Scrapes the 5,000-product bench shop with this engine and with Crawlee's CheerioCrawler, each in a
 * child process, same URLs, same concurrency, same shop, one after the other in this run.
 */
export async function runCrawlBench(): Promise<void> {
  const shop = await startShop(benchShop);
  const dir = await mkdtemp(join(tmpdir(), 'crawl-bench-'));
  try {
    const fetcher = createFetcher({ allowedHosts: ['127.0.0.1'], minDelayMs: 0 });
    const { country, currency } = shop.groundTruth.shop;
    const analysis = await analyseSite(shop.url, fetcher, { country, currency, maxProducts: 50_000 });
    const { profile } = await trainProfile(analysis.homepage, fetcher, {
      pagesLimit: 30,
      country,
      currency,
      seeds: analysis,
    });
    const { urls } = await enumerateProductUrls(analysis.homepage, profile, fetcher);
    await fetcher.close();
    console.log(
      `Shop ${benchShop.name}: ${urls.length} product URLs, profile ${profile.method}, concurrency ${CONCURRENCY}`,
    );
    const results: WorkerResult[] = [];
    for (const engine of ['engine', 'crawlee'] as const) {
      const input = join(dir, `${engine}.json`);
      await writeFile(input, JSON.stringify({ engine, urls, profile, concurrency: CONCURRENCY }));
      results.push(await runCrawlWorker(input));
    }
    const [ours, crawlee] = results as [WorkerResult, WorkerResult];
    const rate = (result: WorkerResult): number => result.pages / result.seconds;
    for (const result of results) {
      console.log(
        `${result.engine === 'engine' ? 'this engine' : 'Crawlee CheerioCrawler'}: ${result.pages} pages, ${result.products} products in ${result.seconds.toFixed(1)} s = ${rate(result).toFixed(0)} pages/s, peak RSS ${(result.peakRssKb / 1024).toFixed(0)} MiB`,
      );
    }
    console.log(
      `ratio (this engine / Crawlee): speed ${(rate(ours) / rate(crawlee)).toFixed(2)}x, peak RSS ${(ours.peakRssKb / crawlee.peakRssKb).toFixed(2)}x`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
    await shop.close();
  }
}

function runCrawlWorker(input: string): Promise<WorkerResult> {
  return runWorker<WorkerResult>(fileURLToPath(new URL('./crawl-worker.ts', import.meta.url)), [input]);
}
