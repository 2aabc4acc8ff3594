import type { ProductRecord } from '#core/product-record';
import type { UrlResult } from '#crawl/page/scrape-url';
import { fromJsonLines, JSON_LINES, toJsonLines } from './catalogs.ts';
import { getDataObject, putDataObject } from './data-bucket.ts';

/**
 * The working objects of one scrape job in the data bucket, under `scrape-runs/<job>/`: the URL
 * list of a URL job, one manifest per batch (its URLs), and per batch its products (JSON Lines) and
 * its count per URL result. Only batch indices travel through the state machine.
 */
const prefix = (jobId: string) => `scrape-runs/${jobId}`;

const JSON_TYPE = 'application/json';

async function readJson<T>(key: string): Promise<T> {
  const text = await getDataObject(key);
  if (text === null) throw new Error(`Scrape run object ${key} is missing`);
  return JSON.parse(text) as T;
}

export const putUrlList = (jobId: string, urls: readonly string[]) =>
  putDataObject(`${prefix(jobId)}/urls.json`, JSON.stringify(urls), JSON_TYPE);

export const getUrlList = (jobId: string) => readJson<string[]>(`${prefix(jobId)}/urls.json`);

export const putBatchManifest = (jobId: string, batch: number, urls: readonly string[]) =>
  putDataObject(`${prefix(jobId)}/batches/${batch}.json`, JSON.stringify(urls), JSON_TYPE);

export const getBatchManifest = (jobId: string, batch: number) =>
  readJson<string[]>(`${prefix(jobId)}/batches/${batch}.json`);

export type UrlResultCounts = Record<UrlResult, number>;

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

/** The products and outcomes first, the counts last: a batch whose counts exist has finished. */
export async function putBatchResult(jobId: string, batch: number, result: BatchResult): Promise<void> {
  await putDataObject(`${prefix(jobId)}/results/${batch}.jsonl`, toJsonLines(result.products), JSON_LINES);
  await putDataObject(
    `${prefix(jobId)}/results/${batch}.urls.jsonl`,
    toJsonLines(result.outcomes),
    JSON_LINES,
  );
  await putDataObject(
    `${prefix(jobId)}/results/${batch}.counts.json`,
    JSON.stringify(result.counts),
    JSON_TYPE,
  );
}

export async function getBatchResult(jobId: string, batch: number): Promise<BatchResult> {
  const counts = await readJson<UrlResultCounts>(`${prefix(jobId)}/results/${batch}.counts.json`);
  const products = await getDataObject(`${prefix(jobId)}/results/${batch}.jsonl`);
  const outcomes = await getDataObject(`${prefix(jobId)}/results/${batch}.urls.jsonl`);
  if (products === null || outcomes === null)
    throw new Error(`Products or URL outcomes of batch ${batch} of ${jobId} are missing`);
  return {
    counts,
    products: fromJsonLines<ProductRecord>(products),
    outcomes: fromJsonLines<UrlOutcome>(outcomes),
  };
}
