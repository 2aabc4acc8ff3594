import { onFirstUse, setting } from '#platform/config';

/** The stage's pace of the scrape lane's tasks. */
export const scrapeLimits = onFirstUse(() => ({
  /** URLs per scrape task. */
  batchSize: setting('SCRAPE_BATCH_SIZE'),
  /** The time a scrape task starts new URLs in before it hands the rest of its batch on. */
  batchMs: setting('SCRAPE_BATCH_SECONDS') * 1000,
  /** The time a FULL scrape's plan crawls the shop for product pages. */
  planMs: setting('SCRAPE_PLAN_SECONDS') * 1000,
}));
