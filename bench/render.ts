import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumFetcher, createFetcher, DEFAULT_CHROMIUM_PATH, trainProfile } from '#crawl/index';
import type { ShopSpec } from '../fixtures/shop-spec.ts';
import { startShop } from '../fixtures/start-shop.ts';
import { runWorker } from './run-worker.ts';

/** A shop whose every page is drawn by its script from a JSON endpoint. */
const renderBenchShop: ShopSpec = {
  name: 'bench-rendered',
  platform: 'woocommerce',
  data: 'JSONLD',
  products: 120,
  language: 'de',
  market: 'DE',
  theme: 'HOME_AND_GARDEN',
  sitemap: 'SINGLE',
  rendering: 'SCRIPT',
};

const CONCURRENCY = 4;

interface WorkerResult {
  engine: string;
  pages: number;
  products: number;
  seconds: number;
  cpuSeconds: number;
  peakRssKb: number;
}

/**
 * Renders the product pages of a script-drawn shop with this engine and with Crawlee's
 * PlaywrightCrawler on the same Chromium (CHROMIUM_PATH), each in a child process, same URLs, same
 * concurrency, one after the other in this run: pages per second, pages per CPU-second (per core)
 * of the process and its browser, and their peak memory together.
 */
export async function runRenderBench(): Promise<void> {
  const executablePath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
  const shop = await startShop(renderBenchShop);
  const dir = await mkdtemp(join(tmpdir(), 'render-bench-'));
  try {
    const urls = shop.groundTruth.products.map((product) => product.url);
    const { country, currency } = shop.groundTruth.shop;
    const fetcher = chromiumFetcher(
      createFetcher({ allowedHosts: ['127.0.0.1'], minDelayMs: 0 }),
      executablePath,
    );
    const { profile } = await trainProfile(shop.url, fetcher, {
      pagesLimit: 10,
      country,
      currency,
      seeds: { productUrls: urls.slice(0, 6), otherUrls: [] },
    });
    await fetcher.close();
    console.log(
      `Shop ${renderBenchShop.name}: ${urls.length} product pages drawn by script, profile ${profile.method}, concurrency ${CONCURRENCY}, ${availableParallelism()} cores`,
    );
    const results: WorkerResult[] = [];
    for (const engine of ['engine', 'crawlee'] as const) {
      const input = join(dir, `${engine}.json`);
      await writeFile(
        input,
        JSON.stringify({ engine, urls, profile, concurrency: CONCURRENCY, executablePath }),
      );
      results.push(
        await runWorker<WorkerResult>(fileURLToPath(new URL('./render-worker.ts', import.meta.url)), [input]),
      );
    }
    const [ours, crawlee] = results as [WorkerResult, WorkerResult];
    const perCore = (result: WorkerResult) => result.pages / result.cpuSeconds;
    for (const result of results) {
      console.log(
        `${result.engine === 'engine' ? 'this engine' : 'Crawlee PlaywrightCrawler'}: ${result.pages} pages, ${result.products} products in ${result.seconds.toFixed(1)} s = ${(result.pages / result.seconds).toFixed(1)} pages/s, ${perCore(result).toFixed(2)} pages per CPU-second, peak RSS with the browser ${(result.peakRssKb / 1024).toFixed(0)} MiB`,
      );
    }
    console.log(
      `ratio (this engine / Crawlee): pages per CPU-second ${(perCore(ours) / perCore(crawlee)).toFixed(2)}x, wall speed ${(ours.seconds > 0 ? crawlee.seconds / ours.seconds : 0).toFixed(2)}x, peak RSS ${(ours.peakRssKb / crawlee.peakRssKb).toFixed(2)}x`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
    await shop.close();
  }
}
