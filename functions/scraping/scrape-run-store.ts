import type { ProductRecord } from '#core/product-record';
import type { UrlResult } from '#crawl/index';
import type { UrlResultCounts } from '#jobs/scrape-job';

/** What became of one URL of a batch (an OK URL's product is the record whose `url` it is). */
export interface UrlOutcome {
  url: string;
  result: UrlResult;
}

export interface BatchResult {
  counts: UrlResultCounts;
  products: ProductRecord[];
  /** Every URL of the batch in its order, so a URL job's file accounts for each URL sent. */
  outcomes: UrlOutcome[];
}

/**
 * One run of a batch's task over its manifest from URL `from`: a task that runs out of time hands
 * the URLs from `next` on to the next run, so a batch is a chain of parts from 0 (`next` null ends it).
 */
export interface BatchPart extends BatchResult {
  next: number | null;
}

/**
 * A scrape job's working objects: the URL list of a URL job, one manifest per batch (its URLs), and
 * per batch its parts' products, URL outcomes and counts. Only batch indices travel through the
 * state machine; the lane's tasks read the rest here.
 */
export interface ScrapeRunStore {
  putUrlList(jobId: string, urls: readonly string[]): Promise<void>;
  getUrlList(jobId: string): Promise<string[]>;
  putBatchManifest(jobId: string, batch: number, urls: readonly string[]): Promise<void>;
  getBatchManifest(jobId: string, batch: number): Promise<string[]>;
  /** Writes one part of a batch; a part whose counts can be read has finished. */
  putBatchPart(jobId: string, batch: number, from: number, part: BatchPart): Promise<void>;
  /** A batch's result: its parts followed from the first, counts added up, products and outcomes in order. */
  getBatchResult(jobId: string, batch: number): Promise<BatchResult>;
}
