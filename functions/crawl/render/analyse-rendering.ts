import type { PageFetcher } from '../net/page-fetcher.ts';
import {
  type AnalysisOptions,
  type AnalysisProgress,
  analyseSite,
  type SiteAnalysis,
} from '../site/analyse-site.ts';

/** Listing pages a browser renders when a shop without sitemaps is crawled for its links. */
const BROWSER_CRAWL_BUDGET = 30;

/**
 * The setup's analysis, deciding how the website is read. The served HTML is analysed first; only
 * when it shows no product page (no products, or no shop at all) is the shop analysed again with
 * the browser, and when the rendered pages show products the served HTML did not, the website is
 * read with a browser (`rendering` BROWSER). A shop whose product data is in its HTML never starts
 * a browser.
 */
export async function analyseRendering(
  url: string,
  http: PageFetcher,
  browser: PageFetcher,
  options: AnalysisOptions,
  onProgress: (progress: AnalysisProgress) => void = () => {},
): Promise<SiteAnalysis> {
  const served = await analyseSite(url, http, options, onProgress);
  const noProducts =
    served.verdict === 'NOT_ECOMMERCE' || (served.verdict === 'OK' && served.productUrls.length === 0);
  if (!noProducts) return served;
  const withBrowser = (progress: AnalysisProgress): AnalysisProgress => ({
    ...progress,
    rendering: 'BROWSER',
  });
  const rendered = await analyseSite(
    url,
    browser,
    { ...options, crawlBudget: Math.min(options.crawlBudget ?? BROWSER_CRAWL_BUDGET, BROWSER_CRAWL_BUDGET) },
    (progress) => onProgress(withBrowser(progress)),
  );
  if (rendered.verdict === 'NOT_ECOMMERCE' || rendered.productUrls.length <= served.productUrls.length) {
    onProgress(served.progress);
    return served;
  }
  return { ...rendered, progress: withBrowser(rendered.progress) };
}
