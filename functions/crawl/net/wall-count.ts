import type { PageFetcher } from './page-fetcher.ts';

export interface WallCount {
  /** Fetches that got an answer from the shop (any status), and those of them that were bot walls. */
  answered: number;
  walled: number;
}

/**
 * The same fetcher, counting the bot walls its fetches meet, so a reader of a whole shop (the
 * setup's analysis) can tell a shop that refuses the crawler from one without products.
 */
export function countingWalls(fetcher: PageFetcher): { fetcher: PageFetcher; count: WallCount } {
  const count: WallCount = { answered: 0, walled: 0 };
  return {
    count,
    fetcher: {
      fetch: async (url, options) => {
        const page = await fetcher.fetch(url, options);
        if (page.status !== null) count.answered++;
        if (page.outcome === 'BOT_WALL') count.walled++;
        return page;
      },
      isAllowed: (url) => fetcher.isAllowed(url),
      robotsSitemaps: (origin) => fetcher.robotsSitemaps(origin),
      crawlDelaySeconds: (origin) => fetcher.crawlDelaySeconds(origin),
      close: () => fetcher.close(),
    },
  };
}

/**
 * Whether the shop blocks the crawler: most of its answers were bot walls, or some were and no
 * product page could be read past them (a shop that walls exactly its product pages).
 */
export function shopBlocksCrawler(count: WallCount, productPagesRead: number): boolean {
  if (count.walled === 0) return false;
  return count.walled * 2 >= count.answered || productPagesRead === 0;
}
