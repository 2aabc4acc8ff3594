import type { Difficulty } from '#core/pricing';
import type { ProductRecord } from '#core/product-record';
import type { PageFetcher } from '../net/page-fetcher.ts';
import { classifyPage, type PageClassification, type PageKind } from '../page/classify-page.ts';
import { fetchHtmlPage } from '../page/fetch-html-page.ts';
import { pageAnatomy } from '../page/page-anatomy.ts';
import { readOnePage } from '../page/page-failure.ts';
import { productRecords } from '../page/product-records.ts';
import type { Page } from '../page/read-page.ts';
import { detectLanguage } from '../site/detect-language.ts';
import { isSameSite } from '../site/same-site.ts';
import { siteLinks } from '../site/site-links.ts';
import type { ExtractionMethod, ExtractionProfile } from './extraction-profile.ts';
import { learnSelectors } from './learn-selectors.ts';
import { learnSkuFromUrl } from './learn-sku-from-url.ts';
import { learnUrlPattern } from './learn-url-pattern.ts';
import { LinkQueue } from './link-queue.ts';

export type TrainPhase = 'COLLECTING_PAGES' | 'CLASSIFYING_PAGES' | 'LEARNING_PROFILE' | 'DONE';

/** The train_progress object of a setup job. */
export interface TrainProgress {
  pages: number;
  pages_limit: number;
  pages_estimate: number;
  phase: TrainPhase;
  percent: number;
}

export interface TrainOptions {
  pagesLimit: number;
  country?: string | null;
  currency?: string | null;
  /** Product and other URLs the analysis saw, to start from. */
  seeds?: { productUrls: readonly string[]; otherUrls: readonly string[] };
  /** Sample products returned for the user to judge. */
  sampleSize?: number;
  concurrency?: number;
  signal?: AbortSignal;
}

export interface TrainingResult {
  profile: ExtractionProfile;
  samples: ProductRecord[];
  pages: { url: string; kind: PageKind }[];
}

const DIFFICULTY: Record<ExtractionMethod, Difficulty> = {
  JSONLD: 'EASY',
  MICRODATA: 'MEDIUM',
  OPENGRAPH: 'MEDIUM',
  SELECTORS: 'HARD',
};
const STRUCTURED: Exclude<ExtractionMethod, 'SELECTORS'>[] = ['JSONLD', 'MICRODATA', 'OPENGRAPH'];
/** Share of the sampled pages aimed at product pages; the rest teach what is not a product. */
const PRODUCT_SHARE = 0.7;
/**
 * Variant records a sample page gives at most: the sample lives in one table item (400 KB), and
 * three show how a page's variants were read as well as two hundred would.
 */
const SAMPLE_VARIANTS = 3;

/**
 * The setup job's training: collects up to `pagesLimit` pages (product card links first, listings
 * and other pages for the rest), classifies them, picks the structured source that covers the
 * product pages (else markup rules), learns markup rules, the product URL pattern and the SKU-in-URL
 * pattern, and reads sample products with the result.
 */
export async function trainProfile(
  url: string,
  fetcher: PageFetcher,
  options: TrainOptions,
  onProgress: (progress: TrainProgress) => void = () => {},
): Promise<TrainingResult> {
  const context = { country: options.country ?? null, currency: options.currency ?? null };
  const limit = options.pagesLimit;
  const concurrency = options.concurrency ?? 4;
  const progress: TrainProgress = {
    pages: 0,
    pages_limit: limit,
    pages_estimate: limit,
    phase: 'COLLECTING_PAGES',
    percent: 0,
  };
  const report = (): void => onProgress({ ...progress });
  report();

  // Only the website's own pages (its host or `www.` twin) are read.
  const likelyProducts = new LinkQueue(
    (options.seeds?.productUrls ?? []).filter((link) => isSameSite(link, url)),
  );
  const others = new LinkQueue([
    url,
    ...(options.seeds?.otherUrls ?? []).filter((link) => isSameSite(link, url)),
  ]);
  const seen = new Set<string>();
  // Links queued and not yet read, for the estimate of pages to come.
  const pending = new Set<string>();
  const enqueue = (queue: LinkQueue, link: string): void => {
    queue.push(link);
    pending.add(link);
  };
  for (const link of [...(options.seeds?.productUrls ?? []), ...(options.seeds?.otherUrls ?? []), url])
    if (isSameSite(link, url)) pending.add(link);
  const collected: Page[] = [];
  let origin: string | null = null;
  let productLike = 0;
  const next = (): string | undefined => {
    const wantProduct = productLike < limit * PRODUCT_SHARE;
    const queue = (wantProduct && likelyProducts.size) || !others.size ? likelyProducts : others;
    for (let candidate = queue.shift(); candidate !== undefined; candidate = queue.shift())
      if (!seen.has(candidate)) return candidate;
    return undefined;
  };
  while (collected.length < limit) {
    const batch: string[] = [];
    while (batch.length < concurrency && collected.length + batch.length < limit) {
      const candidate = next();
      if (candidate === undefined) break;
      seen.add(candidate);
      pending.delete(candidate);
      batch.push(candidate);
    }
    if (batch.length === 0) break;
    const fetched = await Promise.all(batch.map((link) => fetchHtmlPage(fetcher, link, options.signal)));
    for (const { page } of fetched) {
      if (!page || collected.length >= limit) continue;
      // A page whose anatomy cannot be read (past PAGE_LIMITS) teaches nothing: it is left out.
      const anatomy = readOnePage(() => pageAnatomy(page, context)).value;
      if (!anatomy) continue;
      origin ??= new URL(page.url).origin;
      collected.push(page);
      if (page.jsonLd.length > 0 || anatomy.buyButtons.length > 0) productLike++;
      const cards = new Set(anatomy.cardLinks);
      for (const link of cards) if (!seen.has(link) && isSameSite(link, url)) enqueue(likelyProducts, link);
      for (const link of siteLinks(page, origin))
        if (!seen.has(link) && !cards.has(link)) enqueue(others, link);
    }
    progress.pages = collected.length;
    progress.pages_estimate = Math.min(limit, collected.length + pending.size);
    progress.percent = Math.round((70 * collected.length) / limit);
    report();
  }

  progress.phase = 'CLASSIFYING_PAGES';
  report();
  const classified = collected.flatMap((page): { page: Page; classification: PageClassification }[] => {
    const classification = readOnePage(() => classifyPage(page, context)).value;
    return classification ? [{ page, classification }] : [];
  });
  const products = classified.filter((entry) => entry.classification.kind === 'PRODUCT');
  progress.percent = 80;
  progress.phase = 'LEARNING_PROFILE';
  report();

  const method =
    STRUCTURED.find(
      (candidate) =>
        products.length > 0 &&
        products.filter((entry) => entry.classification.structured[candidate]?.price != null).length >=
          products.length * 0.8,
    ) ?? 'SELECTORS';
  const selectors = learnSelectors(
    products.map((entry) => ({
      page: entry.page,
      anatomy: entry.classification.anatomy,
      // The page's own structured data, in the profile's order, whatever source the profile uses.
      known:
        STRUCTURED.filter((candidate) => candidate === method)
          .concat(STRUCTURED)
          .map((candidate) => entry.classification.structured[candidate])
          .find((fields) => fields !== undefined) ?? null,
    })),
    context,
  );
  const productPaths = products.map((entry) => pathOf(entry.page.canonical));
  const listingPaths = classified
    .filter((entry) => entry.classification.kind === 'LISTING')
    .map((entry) => pathOf(entry.page.url));
  const skuKnown =
    products.filter((entry) => (method === 'SELECTORS' ? null : entry.classification.structured[method]?.sku))
      .length >=
      products.length / 2 || selectors.sku !== undefined;
  const profile: ExtractionProfile = {
    version: 1,
    method,
    difficulty: DIFFICULTY[method],
    origin: origin ?? new URL(url).origin,
    language: detectLanguage(collected),
    country: context.country,
    // The setup's currency only: a currency seen on some pages is never assumed on others.
    currency: context.currency,
    product_url_pattern: learnUrlPattern(productPaths) ?? '^$',
    listing_url_pattern: learnUrlPattern(listingPaths),
    sku_from_url: skuKnown
      ? null
      : learnSkuFromUrl(products.map((entry) => new URL(entry.page.url).pathname)),
    selectors,
    trained_on: { pages: collected.length, product_pages: products.length },
  };
  const samples = products
    .slice(0, options.sampleSize ?? 10)
    // A few variants a page show how variants read; all of them would swell the sample item.
    .flatMap((entry) =>
      (readOnePage(() => productRecords(entry.page, profile)).value ?? []).slice(0, SAMPLE_VARIANTS),
    );
  progress.phase = 'DONE';
  progress.percent = 100;
  progress.pages_estimate = collected.length;
  report();
  return {
    profile,
    samples,
    pages: classified.map((entry) => ({ url: entry.page.url, kind: entry.classification.kind })),
  };
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}
