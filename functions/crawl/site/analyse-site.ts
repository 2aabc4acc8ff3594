import type { FetchedPage, PageFetcher } from '../net/page-fetcher.ts';
import { runPool } from '../net/run-pool.ts';
import { countingWalls, shopBlocksCrawler } from '../net/wall-count.ts';
import { classifyPage, type PageKind } from '../page/classify-page.ts';
import { cleanText } from '../page/clean-text.ts';
import { fetchHtmlPage } from '../page/fetch-html-page.ts';
import { type PageAnatomy, pageAnatomy } from '../page/page-anatomy.ts';
import { readOnePage } from '../page/page-failure.ts';
import type { PriceContext } from '../page/parse-price.ts';
import type { Page } from '../page/read-page.ts';
import { textOf } from '../page/text-of.ts';
import { detectLanguage } from './detect-language.ts';
import { detectProductType } from './detect-product-type.ts';
import { estimateFromListings, type VisitedListing } from './estimate-from-listings.ts';
import { readPagination } from './read-pagination.ts';
import { isSameSite } from './same-site.ts';
import { siteLinks } from './site-links.ts';
import { discoverSitemaps, sitemapEntries } from './sitemaps.ts';

export type AnalysisState = 'PENDING' | 'RUNNING' | 'DONE' | 'NOT_FOUND' | 'FAILED';

/** The analysis_progress object of a setup job. */
export interface AnalysisProgress {
  config: { state: AnalysisState };
  homepage: { state: AnalysisState };
  sitemap: { state: AnalysisState };
  size: { state: AnalysisState };
  sitemap_size: number;
  is_ecommerce: boolean;
  product_type: string;
  language: string;
  products_estimate: number;
  /** How the website's pages are read: fetched (HTTP), or rendered in a browser (BROWSER). */
  rendering: 'HTTP' | 'BROWSER';
}

export type AnalysisVerdict =
  | 'OK'
  | 'TOO_LARGE'
  | 'NOT_ECOMMERCE'
  | 'UNREACHABLE'
  | 'BLOCKED_BY_ROBOTS'
  /** The shop answers the crawler with bot walls (403 or challenge pages) on most pages. */
  | 'BLOCKED'
  /** The address is one the SSRF guard refuses (private, loopback, link-local, metadata). */
  | 'ADDRESS_NOT_ALLOWED'
  /** The project's proxy refused the connection or the credentials, so the shop was never reached. */
  | 'PROXY_FAILED';

export interface AnalysisOptions {
  /** Country of the job: decides ambiguous currency symbols. */
  country?: string | null;
  currency?: string | null;
  /** Shops estimated above this many products are too large for self-service. */
  maxProducts: number;
  /** Largest URL groups of the sitemaps sampled to tell products from other pages. */
  sampleGroups?: number;
  pagesPerGroup?: number;
  /** Pages a link crawl may fetch when the shop has no sitemap. */
  crawlBudget?: number;
  concurrency?: number;
  signal?: AbortSignal;
}

export interface SiteAnalysis {
  progress: AnalysisProgress;
  verdict: AnalysisVerdict;
  /** Home page after redirects. */
  homepage: string;
  sitemaps: string[];
  /** Product pages seen while sizing the shop, to seed training. */
  productUrls: string[];
  /** Other page URLs seen (listings first), to seed training. */
  otherUrls: string[];
  /** Why the home page could not be read, when that ended the analysis. */
  error?: string;
}

/**
 * The setup job's analysis: robots.txt, home page, sitemaps and size. Sizes from the sitemaps by
 * sampling each large group of sitemap URLs and counting the share of product pages in it; without
 * sitemaps by crawling listing pages and counting product card links.
 */
export async function analyseSite(
  url: string,
  shopFetcher: PageFetcher,
  options: AnalysisOptions,
  onProgress: (progress: AnalysisProgress) => void = () => {},
): Promise<SiteAnalysis> {
  const { fetcher, count: walls } = countingWalls(shopFetcher);
  const context = { country: options.country ?? null, currency: options.currency ?? null };
  const concurrency = options.concurrency ?? 4;
  const progress: AnalysisProgress = {
    config: { state: 'PENDING' },
    homepage: { state: 'PENDING' },
    sitemap: { state: 'PENDING' },
    size: { state: 'PENDING' },
    sitemap_size: 0,
    is_ecommerce: false,
    product_type: 'UNKNOWN',
    language: 'UNKNOWN',
    products_estimate: 0,
    rendering: 'HTTP',
  };
  const report = (): void => onProgress(structuredClone(progress));
  const result = (
    verdict: AnalysisVerdict,
    homepage = url,
    extra: Partial<SiteAnalysis> = {},
  ): SiteAnalysis => ({
    progress: structuredClone(progress),
    verdict,
    homepage,
    sitemaps: [],
    productUrls: [],
    otherUrls: [],
    ...extra,
  });

  progress.config.state = 'RUNNING';
  report();
  const allowed = await fetcher.isAllowed(url);
  progress.config.state = 'DONE';
  if (!allowed) {
    progress.homepage.state = 'FAILED';
    report();
    // robots.txt that cannot be fetched at all disallows everything (RFC 9309); the home page's outcome
    // (the fetcher answers it from its robots cache, without a request) tells a dead host from a refusal.
    const home = await fetcher.fetch(url, { signal: options.signal });
    const verdicts: Partial<Record<typeof home.outcome, AnalysisVerdict>> = {
      NETWORK_ERROR: 'UNREACHABLE',
      BLOCKED_BY_POLICY: 'ADDRESS_NOT_ALLOWED',
      PROXY_FAILED: 'PROXY_FAILED',
    };
    return result(verdicts[home.outcome] ?? 'BLOCKED_BY_ROBOTS', url, errorOf(home));
  }
  progress.homepage.state = 'RUNNING';
  report();
  const home = await fetchHtmlPage(fetcher, url, options.signal);
  if (!home.page) {
    progress.homepage.state = 'FAILED';
    report();
    const verdicts: Partial<Record<typeof home.fetched.outcome, AnalysisVerdict>> = {
      BOT_WALL: 'BLOCKED',
      PROXY_FAILED: 'PROXY_FAILED',
    };
    return result(verdicts[home.fetched.outcome] ?? 'UNREACHABLE', url, errorOf(home.fetched));
  }
  const homePage = home.page;
  const origin = new URL(homePage.url).origin;
  progress.homepage.state = 'DONE';
  progress.language = detectLanguage([homePage]) ?? 'UNKNOWN';
  progress.sitemap.state = 'RUNNING';
  report();

  const sitemaps = await discoverSitemaps(fetcher, origin);
  const sitemapUrls: string[] = [];
  if (sitemaps.length > 0) {
    const seen = new Set<string>();
    for await (const entry of sitemapEntries(fetcher, sitemaps, {
      maxUrls: options.maxProducts * 4 + 10_000,
    })) {
      progress.sitemap_size++;
      const entryUrl = URL.parse(entry.url);
      if (entryUrl && isSameSite(entryUrl, origin) && !seen.has(entryUrl.href)) {
        seen.add(entryUrl.href);
        sitemapUrls.push(entryUrl.href);
      }
    }
  }
  progress.sitemap.state = sitemapUrls.length > 0 ? 'DONE' : 'NOT_FOUND';
  progress.size.state = 'RUNNING';
  report();

  const pages: Page[] = [homePage];
  const productPages: Page[] = [];
  const otherUrls: string[] = [];
  let cardLinkCount = anatomyOf(homePage, context)?.cardLinks.length ?? 0;

  if (sitemapUrls.length > 0) {
    const groups = groupByShape(sitemapUrls).slice(0, options.sampleGroups ?? 8);
    const perGroup = options.pagesPerGroup ?? 3;
    const samples = groups.flatMap((group, index) =>
      spread(group.urls, perGroup).map((sample) => ({ group: index, url: sample })),
    );
    const classified = await runPool(samples, concurrency, async (sample) => {
      const fetched = await fetchHtmlPage(fetcher, sample.url, options.signal);
      return {
        ...sample,
        page: fetched.page,
        kind: fetched.page ? kindOf(fetched.page, context) : null,
      };
    });
    let estimate = 0;
    for (const [index, group] of groups.entries()) {
      const inGroup = classified.filter((entry) => entry.group === index && entry.kind !== null);
      const products = inGroup.filter((entry) => entry.kind === 'PRODUCT').length;
      if (inGroup.length > 0) estimate += Math.round((group.urls.length * products) / inGroup.length);
    }
    for (const entry of classified) {
      if (!entry.page) continue;
      pages.push(entry.page);
      if (entry.kind === 'PRODUCT') productPages.push(entry.page);
      else otherUrls.push(entry.url);
    }
    progress.products_estimate = estimate;
  } else {
    const crawl = await crawlListings(
      homePage,
      origin,
      fetcher,
      context,
      options.crawlBudget ?? 150,
      concurrency,
      options.signal,
    );
    pages.push(...crawl.pages);
    otherUrls.push(...crawl.pages.map((page) => page.url));
    cardLinkCount = crawl.productLinks.length;
    const samples = spread(crawl.productLinks, options.pagesPerGroup ?? 3);
    const checked = await runPool(
      samples,
      concurrency,
      async (sample) => (await fetchHtmlPage(fetcher, sample, options.signal)).page,
    );
    const read = checked.filter((page): page is Page => page !== null);
    const products = read.filter((page) => kindOf(page, context) === 'PRODUCT');
    productPages.push(...products);
    pages.push(...read);
    // A sample that could not be fetched says nothing about what the links lead to.
    const share = read.length > 0 ? products.length / read.length : 0;
    progress.products_estimate = Math.round(crawl.estimatedLinks * share);
  }
  progress.size.state = 'DONE';
  progress.is_ecommerce = productPages.length > 0 || cardLinkCount >= 3;
  progress.language = detectLanguage(pages) ?? progress.language;
  progress.product_type = progress.is_ecommerce
    ? detectProductType([
        ...homePage
          .$('nav a, header a')
          .toArray()
          .map((element) => cleanText(textOf(element))),
        ...productPages.map((page) => page.heading ?? ''),
      ])
    : 'NONE';
  report();
  const verdict: AnalysisVerdict = shopBlocksCrawler(walls, productPages.length)
    ? 'BLOCKED'
    : !progress.is_ecommerce
      ? 'NOT_ECOMMERCE'
      : progress.products_estimate > options.maxProducts
        ? 'TOO_LARGE'
        : 'OK';
  return result(verdict, homePage.url, {
    sitemaps,
    productUrls: productPages.map((page) => page.url),
    otherUrls,
  });
}

/** A page whose anatomy cannot be read (past PAGE_LIMITS) counts as a page without one. */
function anatomyOf(page: Page, context: PriceContext): PageAnatomy | null {
  return readOnePage(() => pageAnatomy(page, context)).value;
}

/** A page that cannot be classified counts as none of the shop's kinds of page. */
function kindOf(page: Page, context: PriceContext): PageKind | null {
  return readOnePage(() => classifyPage(page, context).kind).value;
}

interface UrlGroup {
  key: string;
  urls: string[];
}

/**
 * Groups URLs by path shape: depth, trailing slash, extension of the last segment, and each earlier
 * segment kept literally where at least a tenth of the URLs of that depth share it.
 */
function groupByShape(urls: readonly string[]): UrlGroup[] {
  const parsed = urls.map((url) => {
    const path = new URL(url).pathname;
    return { url, path, segments: path.split('/').filter(Boolean) };
  });
  const counts = new Map<string, number>();
  const depthCounts = new Map<number, number>();
  for (const { segments } of parsed) {
    depthCounts.set(segments.length, (depthCounts.get(segments.length) ?? 0) + 1);
    segments.slice(0, -1).forEach((segment, index) => {
      const key = `${segments.length}|${index}|${segment}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
  }
  const groups = new Map<string, string[]>();
  for (const { url, path, segments } of parsed) {
    const depth = segments.length;
    const shape = segments.map((segment, index) => {
      if (index === depth - 1) return `*${/\.[a-z0-9]{2,5}$/i.exec(segment)?.[0] ?? ''}`;
      return (counts.get(`${depth}|${index}|${segment}`) ?? 0) >= (depthCounts.get(depth) ?? 0) / 10
        ? segment
        : '*';
    });
    const key = `${shape.join('/')}${path.endsWith('/') ? '/' : ''}`;
    const group = groups.get(key);
    if (group) group.push(url);
    else groups.set(key, [url]);
  }
  return [...groups]
    .map(([key, list]) => ({ key, urls: list }))
    .sort((a, b) => b.urls.length - a.urls.length);
}

/** Up to `count` items spread evenly over the list. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, k) => items[Math.floor(((k + 0.5) * items.length) / count)] as T);
}

interface ListingCrawl {
  pages: Page[];
  productLinks: string[];
  /** Product links found, with what the listings' pagination and the pages left unvisited hold beyond them. */
  estimatedLinks: number;
}

/** Breadth-first crawl of the pages that are not product cards, collecting product card links. */
async function crawlListings(
  home: Page,
  origin: string,
  fetcher: PageFetcher,
  context: { country: string | null; currency: string | null },
  budget: number,
  concurrency: number,
  signal: AbortSignal | undefined,
): Promise<ListingCrawl> {
  const productLinks = new Set<string>();
  const seen = new Set<string>([home.url]);
  const pages: Page[] = [];
  const listings: VisitedListing[] = [];
  let queue: string[] = [];
  const visit = (page: Page): void => {
    const cardLinks = (anatomyOf(page, context)?.cardLinks ?? []).filter((link) => isSameSite(link, origin));
    for (const link of cardLinks) productLinks.add(link);
    listings.push({ url: page.url, pagination: readPagination(page), cardLinks });
    for (const link of siteLinks(page, origin)) {
      if (seen.has(link) || productLinks.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  };
  visit(home);
  let fetched = 0;
  while (queue.length > 0 && fetched < budget) {
    const batch = queue
      .splice(0, Math.min(concurrency * 2, budget - fetched))
      .filter((link) => !productLinks.has(link));
    fetched += batch.length;
    const results = await runPool(batch, concurrency, async (link) => {
      if (!(await fetcher.isAllowed(link))) return null;
      return (await fetchHtmlPage(fetcher, link, signal)).page;
    });
    for (const page of results) {
      if (!page) continue;
      pages.push(page);
      visit(page);
    }
    queue = queue.filter((link) => !productLinks.has(link));
  }
  return {
    pages,
    productLinks: [...productLinks],
    estimatedLinks: estimateFromListings(listings, productLinks, queue),
  };
}

function errorOf(page: FetchedPage): Partial<SiteAnalysis> {
  return page.error === undefined ? {} : { error: page.error };
}
