import type { ExtractionProfile } from '../learn/extraction-profile.ts';
import type { PageFetcher } from '../net/page-fetcher.ts';
import { runPool } from '../net/run-pool.ts';
import { fetchHtmlPage } from '../page/fetch-html-page.ts';
import { siteLinks } from './site-links.ts';
import { discoverSitemaps, sitemapEntries } from './sitemaps.ts';

export interface EnumerationProgress {
  source: 'SITEMAP' | 'LINKS';
  /** Pages (or sitemap entries) read so far. */
  pages: number;
  urls: number;
}

export interface EnumerationOptions {
  /** Stop after this many product URLs. */
  maxUrls?: number;
  /** Pages a link crawl may fetch. */
  maxPages?: number;
  concurrency?: number;
  signal?: AbortSignal;
}

export interface Enumeration {
  source: 'SITEMAP' | 'LINKS';
  urls: string[];
}

/**
 * Product URLs of a shop for a FULL scrape: the sitemaps' URLs that match the profile's product
 * pattern; when the shop has no sitemap, a crawl of its other pages (listings, categories) that
 * collects links matching the pattern without fetching them.
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
  const urls = new Set<string>();

  const sitemaps = await discoverSitemaps(fetcher, origin);
  if (sitemaps.length > 0) {
    let pages = 0;
    for await (const entry of sitemapEntries(fetcher, sitemaps)) {
      pages++;
      const url = URL.parse(entry.url);
      if (url && url.origin === origin && product.test(url.pathname)) urls.add(url.href);
      if (pages % 1000 === 0) onProgress({ source: 'SITEMAP', pages, urls: urls.size });
      if (urls.size >= maxUrls) break;
    }
    onProgress({ source: 'SITEMAP', pages, urls: urls.size });
    if (urls.size > 0) return { source: 'SITEMAP', urls: [...urls] };
  }

  const maxPages = options.maxPages ?? 100_000;
  const seen = new Set<string>([startUrl]);
  let queue = [startUrl];
  let pages = 0;
  // Pages that match the product pattern are only visited when they may also be listings.
  const worthVisiting = (path: string): boolean => !product.test(path) || (listing?.test(path) ?? false);
  while (queue.length > 0 && pages < maxPages && urls.size < maxUrls) {
    const batch = queue.splice(0, Math.min(queue.length, maxPages - pages, (options.concurrency ?? 4) * 4));
    pages += batch.length;
    const found = await runPool(batch, options.concurrency ?? 4, async (link) => {
      if (!(await fetcher.isAllowed(link))) return [];
      const { page } = await fetchHtmlPage(fetcher, link, options.signal);
      return page ? siteLinks(page, origin) : [];
    });
    for (const link of found.flat()) {
      if (seen.has(link)) continue;
      seen.add(link);
      const path = new URL(link).pathname;
      if (product.test(path)) urls.add(link);
      if (worthVisiting(path)) queue.push(link);
    }
    onProgress({ source: 'LINKS', pages, urls: urls.size });
    queue = queue.filter((link) => !urls.has(link) || worthVisiting(new URL(link).pathname));
  }
  return { source: 'LINKS', urls: [...urls].slice(0, Number.isFinite(maxUrls) ? maxUrls : undefined) };
}
