import type { ExtractionProfile } from '../learn/extraction-profile.ts';
import type { PageFetcher } from '../net/page-fetcher.ts';
import { runPool } from '../net/run-pool.ts';
import { classifyPage } from '../page/classify-page.ts';
import { fetchHtmlPage } from '../page/fetch-html-page.ts';
import { readOnePage } from '../page/page-failure.ts';
import type { Page } from '../page/read-page.ts';
import { isSameSite } from './same-site.ts';
import { ASSET, siteLinks } from './site-links.ts';
import { discoverSitemaps, sitemapEntries } from './sitemaps.ts';

export interface EnumerationProgress {
  source: 'SITEMAP' | 'LINKS';
  /** Pages (or sitemap entries) read so far. */
  pages: number;
  urls: number;
}

export interface EnumerationOptions {
  /** Stop after this many URLs to scrape. */
  maxUrls?: number;
  /** Pages a link crawl may fetch. */
  maxPages?: number;
  concurrency?: number;
  signal?: AbortSignal;
  /** performance.now() after which the enumeration starts no more work and answers what it found. */
  deadline?: number;
}

export interface Enumeration {
  source: 'SITEMAP' | 'LINKS';
  /** The URLs to scrape: those matching the learned product pattern first, then the others. */
  urls: string[];
  /** Why the enumeration stopped before the shop's end: its time ran out. */
  stopped: 'OUT_OF_TIME' | null;
}

/**
 * Pages of one kind that gave no new product URL in a row before the crawl stops visiting that
 * kind: pagination that never ends, filters and sort orders that only reorder the same products.
 */
const UNPRODUCTIVE_STREAK = 10;
/** Links with more query parameters than this are faceted-search combinations, not pages of their own. */
const MAX_QUERY_PARAMETERS = 4;
/**
 * The kinds of a page for trap detection: its path with numbers generalised (`/page/7`), and that
 * path with its query's parameter names (`/list?page&sort`).
 */
function pageKinds(link: string): [string, string] {
  const url = new URL(link);
  const path = url.pathname.replace(/\d+/g, '#');
  return [path, `${path}?${[...new Set(url.searchParams.keys())].sort().join('&')}`];
}

/**
 * URLs of a shop for a FULL scrape. The learned product pattern orders them, it drops none: from
 * the sitemaps, the website's URLs matching the pattern, then its other page URLs (read in the
 * scrape, where each page is classified on its own). Without a sitemap, a crawl of the shop's pages
 * collects links matching the pattern without fetching them, and every other page it visits that
 * classifies as a product. The crawl stops at its deadline, and skips traps: pages repeating a page
 * already seen (the same links), kinds of page that stop giving products (endless pagination or
 * parameters), faceted-search links.
 */
export async function enumerateProductUrls(
  startUrl: string,
  profile: ExtractionProfile,
  fetcher: PageFetcher,
  options: EnumerationOptions = {},
  onProgress: (progress: EnumerationProgress) => void = () => {},
): Promise<Enumeration> {
  const product = new RegExp(profile.product_url_pattern);
  const listing = profile.listing_url_pattern ? new RegExp(profile.listing_url_pattern) : null;
  const origin = new URL(startUrl).origin;
  const maxUrls = options.maxUrls ?? Number.POSITIVE_INFINITY;
  const outOfTime = (): boolean => options.deadline !== undefined && performance.now() > options.deadline;
  const matching = new Set<string>();
  const others = new Set<string>();
  const result = (source: Enumeration['source'], stopped: Enumeration['stopped']): Enumeration => ({
    source,
    urls: [...matching, ...others].slice(0, Number.isFinite(maxUrls) ? maxUrls : undefined),
    stopped,
  });

  const sitemaps = await discoverSitemaps(fetcher, origin);
  if (sitemaps.length > 0) {
    let pages = 0;
    let stopped: Enumeration['stopped'] = null;
    for await (const entry of sitemapEntries(fetcher, sitemaps)) {
      pages++;
      const url = URL.parse(entry.url);
      if (url && isSameSite(url, origin) && !ASSET.test(url.pathname)) {
        url.hash = '';
        if (product.test(url.pathname)) matching.add(url.href);
        else if (others.size < maxUrls) others.add(url.href);
      }
      if (pages % 1000 === 0) onProgress({ source: 'SITEMAP', pages, urls: matching.size });
      if (matching.size >= maxUrls) break;
      if (outOfTime()) {
        stopped = 'OUT_OF_TIME';
        break;
      }
    }
    onProgress({ source: 'SITEMAP', pages, urls: matching.size });
    if (matching.size > 0) return result('SITEMAP', stopped);
    others.clear();
  }

  const maxPages = options.maxPages ?? 100_000;
  const seen = new Set<string>([startUrl]);
  const signatures = new Set<string>();
  const streaks = new Map<string, number>();
  const closed = (link: string): boolean =>
    pageKinds(link).some((kind) => (streaks.get(kind) ?? 0) >= UNPRODUCTIVE_STREAK);
  let queue = [startUrl];
  let pages = 0;
  let stopped: Enumeration['stopped'] = null;
  const context = { country: profile.country, currency: profile.currency };
  // Pages that match the product pattern are only visited when they may also be listings.
  const worthVisiting = (link: string): boolean => {
    const url = new URL(link);
    if ([...url.searchParams.keys()].length > MAX_QUERY_PARAMETERS) return false;
    return !product.test(url.pathname) || (listing?.test(url.pathname) ?? false);
  };
  const visit = async (link: string): Promise<{ page: Page; isProduct: boolean } | null> => {
    if (!(await fetcher.isAllowed(link))) return null;
    const { page } = await fetchHtmlPage(fetcher, link, options.signal);
    if (!page) return null;
    const isProduct =
      !product.test(new URL(link).pathname) &&
      readOnePage(() => classifyPage(page, context).kind).value === 'PRODUCT';
    return { page, isProduct };
  };
  while (queue.length > 0 && pages < maxPages && matching.size + others.size < maxUrls) {
    if (outOfTime()) {
      stopped = 'OUT_OF_TIME';
      break;
    }
    const batch = queue.splice(0, Math.min(queue.length, maxPages - pages, (options.concurrency ?? 4) * 4));
    pages += batch.length;
    const visited = await runPool(batch, options.concurrency ?? 4, visit);
    for (const [index, found] of visited.entries()) {
      if (!found) continue;
      const before = matching.size + others.size;
      if (found.isProduct) others.add(batch[index] as string);
      const links = readOnePage(() => siteLinks(found.page, origin)).value ?? [];
      // A page showing the same links as one already seen repeats it (session or tracking URLs,
      // a pagination that serves its last page forever): its links are known.
      const signature = links.join('\n');
      if (!signatures.has(signature)) {
        signatures.add(signature);
        for (const link of links) {
          if (seen.has(link)) continue;
          seen.add(link);
          if (product.test(new URL(link).pathname)) matching.add(link);
          if (worthVisiting(link)) queue.push(link);
        }
      }
      const productive = matching.size + others.size > before;
      for (const kind of pageKinds(batch[index] as string))
        streaks.set(kind, productive ? 0 : (streaks.get(kind) ?? 0) + 1);
    }
    onProgress({ source: 'LINKS', pages, urls: matching.size + others.size });
    queue = queue.filter((link) => (!matching.has(link) || worthVisiting(link)) && !closed(link));
  }
  return result('LINKS', stopped);
}
