/**
 * The crawl engine's face: everything outside `functions/crawl` reads shops through these names and
 * never imports a room's file (the import-layer test fails on one that does). Inside, `net` fetches
 * politely and safely, `site` analyses a shop and finds its product pages, `page` reads a product
 * page, `learn` trains an extraction profile, and `render` drives Chromium for pages that need it.
 */

// learn: extraction profiles
export type { ExtractionProfile } from './learn/extraction-profile.ts';
export { learnSelectors } from './learn/learn-selectors.ts';
export { type TrainingResult, type TrainProgress, trainProfile } from './learn/train-profile.ts';
// net: fetching, politeness, the SSRF guard, webhook posts
export { decodeBody } from './net/decode-body.ts';
export { createFetcher, type FetcherOptions } from './net/fetcher.ts';
export type { FetchedPage, PageFetcher } from './net/page-fetcher.ts';
export { createPoster } from './net/post-once.ts';
export { receiverAddressProblem } from './net/receiver-address.ts';
export { runPool } from './net/run-pool.ts';
export { HostAllowList, parseAllowedHosts } from './net/ssrf-guard.ts';
// page: reading a product page
export { classifyPage } from './page/classify-page.ts';
export { extractProduct } from './page/extract-product.ts';
export { mainHeading } from './page/main-heading.ts';
export { pageAnatomy } from './page/page-anatomy.ts';
export { PAGE_LIMITS } from './page/page-limits.ts';
export { type PriceContext, parsePrice } from './page/parse-price.ts';
export { type Quantity, quantityTexts, statedQuantity } from './page/parse-quantity.ts';
export { readPage } from './page/read-page.ts';
export { type ScrapeOutcome, scrapeUrl, type UrlResult } from './page/scrape-url.ts';
// render: Chromium for pages that need a browser
export { analyseRendering } from './render/analyse-rendering.ts';
export { chromiumLaunches, DEFAULT_CHROMIUM_PATH } from './render/launch-chromium.ts';
export { chromiumFetcher } from './render/rendering-fetcher.ts';
// site: analysing a shop and enumerating its product pages
export {
  type AnalysisProgress,
  type AnalysisVerdict,
  analyseSite,
  type SiteAnalysis,
} from './site/analyse-site.ts';
export { detectLanguage } from './site/detect-language.ts';
export { enumerateProductUrls } from './site/enumerate-product-urls.ts';
export { siteLinks } from './site/site-links.ts';
