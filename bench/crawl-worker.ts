/**
 * One side of the crawl benchmark in its own process, so its peak RSS is its own: scrapes the
 * given product URLs with this engine or with Crawlee's CheerioCrawler and prints one JSON line.
 */
import { readFile } from 'node:fs/promises';
import type { ExtractionProfile } from '#crawl/index';

interface WorkerInput {
  engine: 'engine' | 'crawlee';
  urls: string[];
  profile: ExtractionProfile;
  concurrency: number;
}

const input = JSON.parse(await readFile(process.argv[2] as string, 'utf8')) as WorkerInput;
const started = performance.now();
let products = 0;

if (input.engine === 'engine') {
  const { createFetcher } = await import('../functions/crawl/net/fetcher.ts');
  const { runPool } = await import('../functions/crawl/net/run-pool.ts');
  const { scrapeUrl } = await import('../functions/crawl/page/scrape-url.ts');
  const fetcher = createFetcher({
    allowedHosts: ['127.0.0.1'],
    perHostConcurrency: input.concurrency,
    minDelayMs: 0,
  });
  const outcomes = await runPool(input.urls, input.concurrency, (url) =>
    scrapeUrl(url, input.profile, fetcher),
  );
  products = outcomes.filter((outcome) => outcome.result === 'OK').length;
  await fetcher.close();
} else {
  const { CheerioCrawler, Configuration } = await import('crawlee');
  const config = new Configuration({ persistStorage: false, purgeOnStart: true });
  const crawler = new CheerioCrawler(
    {
      minConcurrency: input.concurrency,
      maxConcurrency: input.concurrency,
      maxRequestRetries: 3,
      respectRobotsTxtFile: true,
      useSessionPool: false,
      persistCookiesPerSession: false,
      async requestHandler({ $ }) {
        // The same reading this engine does for a JSON-LD shop: the page's Product node and its offer.
        for (const script of $('script[type="application/ld+json"]').toArray()) {
          const json = JSON.parse($(script).text()) as { '@graph'?: Record<string, unknown>[] } & Record<
            string,
            unknown
          >;
          const nodes = json['@graph'] ?? [json];
          const product = nodes.find((node) => node['@type'] === 'Product');
          if (product && (product.offers as Record<string, unknown> | undefined) !== undefined) {
            products++;
            break;
          }
        }
      },
    },
    config,
  );
  await crawler.run(input.urls);
}

const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    engine: input.engine,
    pages: input.urls.length,
    products,
    seconds,
    peakRssKb: process.resourceUsage().maxRSS,
  }),
);
