import type * as Training from './learn/train-profile.ts';
import type * as Scraping from './page/scrape-url.ts';
import type * as Rendering from './render/analyse-rendering.ts';
import type * as Analysis from './site/analyse-site.ts';
import type * as Enumeration from './site/enumerate-product-urls.ts';

/**
 * The crawl engine's face: everything outside `functions/crawl` reads shops through these names and
 * never imports a room's file (the import-layer test fails on one that does). Inside, `net` fetches
 * politely and safely, `site` analyses a shop and finds its product pages, `page` reads a product
 * page, `learn` trains an extraction profile, and `render` drives Chromium for pages that need it.
 *
 * Importing the face loads the network room and the light parts of the others only: the steps that
 * read pages (analysing, enumerating, training, scraping a URL) load their rooms, and the HTML
 * parsers, on first use, so a module naming only a fetcher, the SSRF guard or a quantity (webhooks,
 * exports, crawl settings) does not pay for them. The page steps that read one page in hand
 * synchronously have their own face, `page-reading.ts`, which only benches and tests use.
 */

// learn: extraction profiles
export type { ExtractionProfile } from './learn/extraction-profile.ts';
export type { TrainingResult, TrainProgress } from './learn/train-profile.ts';
export const trainProfile: typeof Training.trainProfile = async (...args) =>
  (await import('./learn/train-profile.ts')).trainProfile(...args);
// net: fetching, politeness, the SSRF guard, webhook posts
export { decodeBody } from './net/decode-body.ts';
export { createFetcher, type FetcherOptions } from './net/fetcher.ts';
export type { FetchedPage, PageFetcher } from './net/page-fetcher.ts';
export { createPoster } from './net/post-once.ts';
export { receiverAddressProblem } from './net/receiver-address.ts';
export { runPool } from './net/run-pool.ts';
export { HostAllowList, parseAllowedHosts } from './net/ssrf-guard.ts';
// page: reading a product page
export { PAGE_LIMITS } from './page/page-limits.ts';
export { type PriceContext, parsePrice } from './page/parse-price.ts';
export { type Quantity, quantityTexts, statedQuantity } from './page/parse-quantity.ts';
export type { ScrapeOutcome, UrlResult } from './page/scrape-url.ts';
export const scrapeUrl: typeof Scraping.scrapeUrl = async (...args) =>
  (await import('./page/scrape-url.ts')).scrapeUrl(...args);
// render: Chromium for pages that need a browser
export const analyseRendering: typeof Rendering.analyseRendering = async (...args) =>
  (await import('./render/analyse-rendering.ts')).analyseRendering(...args);
export { chromiumLaunches, DEFAULT_CHROMIUM_PATH } from './render/launch-chromium.ts';
export { chromiumFetcher } from './render/rendering-fetcher.ts';
// site: analysing a shop and enumerating its product pages
export type { AnalysisProgress, AnalysisVerdict, SiteAnalysis } from './site/analyse-site.ts';
export const analyseSite: typeof Analysis.analyseSite = async (...args) =>
  (await import('./site/analyse-site.ts')).analyseSite(...args);
export const enumerateProductUrls: typeof Enumeration.enumerateProductUrls = async (...args) =>
  (await import('./site/enumerate-product-urls.ts')).enumerateProductUrls(...args);
