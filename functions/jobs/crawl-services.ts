import { DEFAULT_CHROMIUM_PATH, type FetcherOptions, parseAllowedHosts } from '#crawl/index';
import { onFirstUse, setting } from '#platform/config';

/** How this deployment's setup and scrape jobs read shops: the fetcher's limits and the browser. */
export interface CrawlSettings {
  fetching: Pick<
    FetcherOptions,
    'allowedHosts' | 'minDelayMs' | 'botWallRetryDelayMs' | 'pushbackIntervalMs'
  >;
  chromiumPath: string;
}

/** Read once per cold start when a job first reads a shop, so importing a job module reads nothing. */
export const crawlSettings = onFirstUse(
  (): CrawlSettings => ({
    fetching: {
      allowedHosts: parseAllowedHosts(setting('CRAWL_ALLOWED_HOSTS')),
      minDelayMs: setting('CRAWL_MIN_DELAY_MS'),
      botWallRetryDelayMs: setting('CRAWL_BOT_WALL_RETRY_MS'),
      pushbackIntervalMs: setting('CRAWL_PUSHBACK_INTERVAL_MS'),
    },
    chromiumPath: setting('CHROMIUM_PATH') ?? DEFAULT_CHROMIUM_PATH,
  }),
);
