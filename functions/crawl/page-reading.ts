/**
 * The crawl engine's second face: the steps of reading one page already in hand, each synchronous,
 * for the benches and tests that measure or check them one by one. The service never calls them
 * itself (it reads pages through the steps of `index.ts`, which load these rooms on first use), so no
 * module under `functions/` imports this face and importing `index.ts` does not load the HTML parsers.
 */

// learn: extraction profiles
export { learnSelectors } from './learn/learn-selectors.ts';
// page: reading a product page
export { classifyPage } from './page/classify-page.ts';
export { extractProduct } from './page/extract-product.ts';
export { mainHeading } from './page/main-heading.ts';
export { pageAnatomy } from './page/page-anatomy.ts';
export { readPage } from './page/read-page.ts';
// site: what a page says about its shop
export { detectLanguage } from './site/detect-language.ts';
export { siteLinks } from './site/site-links.ts';
