/**
 * One side of the render benchmark in its own process: renders the given product pages with this
 * engine (the crawler's fetcher under Chromium) or with Crawlee's PlaywrightCrawler on the same
 * Chromium, reads each page's product, and prints one JSON line with the time, the CPU time and the
 * peak memory of the process and its browser.
 */
import { readFile } from 'node:fs/promises';
import type { ExtractionProfile } from '#crawl/index';
import { sampleProcessTree } from './process-tree.ts';

interface WorkerInput {
  engine: 'engine' | 'crawlee';
  urls: string[];
  profile: ExtractionProfile;
  concurrency: number;
  executablePath: string;
}

const input = JSON.parse(await readFile(process.argv[2] as string, 'utf8')) as WorkerInput;
const sampler = sampleProcessTree();
const started = performance.now();
let products = 0;
let measured: { peakRssKb: number; cpuSeconds: number };

if (input.engine === 'engine') {
  const { createFetcher } = await import('../functions/crawl/net/fetcher.ts');
  const { runPool } = await import('../functions/crawl/net/run-pool.ts');
  const { scrapeUrl } = await import('../functions/crawl/page/scrape-url.ts');
  const { chromiumFetcher } = await import('../functions/crawl/render/rendering-fetcher.ts');
  const http = createFetcher({
    allowedHosts: ['127.0.0.1'],
    perHostConcurrency: input.concurrency,
    minDelayMs: 0,
  });
  const fetcher = chromiumFetcher(http, input.executablePath);
  const outcomes = await runPool(input.urls, input.concurrency, (url) =>
    scrapeUrl(url, input.profile, fetcher),
  );
  products = outcomes.filter((outcome) => outcome.result === 'OK').length;
  measured = sampler.stop();
  await fetcher.close();
} else {
  const { PlaywrightCrawler, Configuration } = await import('crawlee');
  const { chromium } = await import('playwright-core');
  const { load } = await import('cheerio/slim');
  const config = new Configuration({ persistStorage: false, purgeOnStart: true });
  const crawler = new PlaywrightCrawler(
    {
      launchContext: {
        launcher: chromium,
        launchOptions: { executablePath: input.executablePath, headless: true },
      },
      minConcurrency: input.concurrency,
      maxConcurrency: input.concurrency,
      maxRequestRetries: 3,
      respectRobotsTxtFile: true,
      useSessionPool: false,
      persistCookiesPerSession: false,
      browserPoolOptions: { useFingerprints: false },
      async requestHandler({ page }) {
        // The product data arrives by script: wait for its JSON-LD, then read the Product node.
        await page.waitForSelector('script[type="application/ld+json"]', {
          state: 'attached',
          timeout: 15_000,
        });
        const $ = load(await page.content());
        for (const script of $('script[type="application/ld+json"]').toArray()) {
          const json = JSON.parse($(script).text()) as { '@graph'?: Record<string, unknown>[] } & Record<
            string,
            unknown
          >;
          const nodes = json['@graph'] ?? [json];
          if (nodes.some((node) => node['@type'] === 'Product' && node.offers !== undefined)) {
            products++;
            break;
          }
        }
      },
    },
    config,
  );
  await crawler.run(input.urls);
  measured = sampler.stop();
  await crawler.teardown();
}

const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({ engine: input.engine, pages: input.urls.length, products, seconds, ...measured }),
);
process.exit(0);
