import { onFirstUse, setting } from '#platform/config';
import { s3ScrapeRuns } from './s3-scrape-runs.ts';
import type { ScrapeRunStore } from './scrape-run-store.ts';

/** The stage's pace of the scrape lane's tasks. */
export const scrapeLimits = onFirstUse(() => ({
  /** URLs per scrape task. */
  batchSize: setting('SCRAPE_BATCH_SIZE'),
  /** The time a scrape task starts new URLs in before it hands the rest of its batch on. */
  batchMs: setting('SCRAPE_BATCH_SECONDS') * 1000,
  /** The time a FULL scrape's plan crawls the shop for product pages. */
  planMs: setting('SCRAPE_PLAN_SECONDS') * 1000,
}));

/** Where a scrape job's working objects are kept: the data bucket. */
export const scrapeRuns: ScrapeRunStore = s3ScrapeRuns;
