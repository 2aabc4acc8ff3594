/**
 * The interface's live progress objects of a job, as the crawl engine reports them and the job
 * endpoints show them.
 */

/** `RUNNING` is the spec's known value; a part ends DONE, or FAILED when it could not be read. */
export type AnalysisPartState = 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED';

export interface AnalysisProgress {
  config: { state: AnalysisPartState };
  homepage: { state: AnalysisPartState };
  sitemap: { state: AnalysisPartState };
  size: { state: AnalysisPartState };
  sitemap_size: number;
  is_ecommerce: boolean;
  product_type: string;
  language: string;
  products_estimate: number;
}

/** Shared by `train_progress` and `scrape_progress`; `COLLECTING_PAGES` is the spec's known phase. */
export interface PageProgress {
  pages: number;
  pages_limit: number;
  pages_estimate: number;
  phase: string;
  percent: number;
}
