import { fromJsonLines, toJsonLines } from '#core/json-lines';
import type { ProductRecord } from '#core/product-record';
import type { UrlResult } from '#crawl/index';
import type { UrlResultCounts } from '#jobs/scrape-job';
import { JSON_LINES } from '#store/data-bucket';
import { getDataObject, putDataObject } from '#store/data-bucket-services';
import type { BatchPart, BatchResult, ScrapeRunStore, UrlOutcome } from './scrape-run-store.ts';

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

const putUrlList = (jobId: string, urls: readonly string[]) =>
  putDataObject(`${prefix(jobId)}/urls.json`, JSON.stringify(urls), JSON_TYPE);

const getUrlList = (jobId: string) => readJson<string[]>(`${prefix(jobId)}/urls.json`);

const putBatchManifest = (jobId: string, batch: number, urls: readonly string[]) =>
  putDataObject(`${prefix(jobId)}/batches/${batch}.json`, JSON.stringify(urls), JSON_TYPE);

const getBatchManifest = (jobId: string, batch: number) =>
  readJson<string[]>(`${prefix(jobId)}/batches/${batch}.json`);

const partKey = (jobId: string, batch: number, from: number) =>
  `${prefix(jobId)}/results/${batch}${from === 0 ? '' : `.from-${from}`}`;

/** The products and outcomes first, the counts last: a part whose counts exist has finished. */
async function putBatchPart(jobId: string, batch: number, from: number, part: BatchPart): Promise<void> {
  const key = partKey(jobId, batch, from);
  await putDataObject(`${key}.jsonl`, toJsonLines(part.products), JSON_LINES);
  await putDataObject(`${key}.urls.jsonl`, toJsonLines(part.outcomes), JSON_LINES);
  await putDataObject(
    `${key}.counts.json`,
    JSON.stringify({ counts: part.counts, next: part.next }),
    JSON_TYPE,
  );
}

async function getBatchPart(jobId: string, batch: number, from: number): Promise<BatchPart> {
  const key = partKey(jobId, batch, from);
  const { counts, next } = await readJson<{ counts: UrlResultCounts; next: number | null }>(
    `${key}.counts.json`,
  );
  const [products, outcomes] = await Promise.all([
    getDataObject(`${key}.jsonl`),
    getDataObject(`${key}.urls.jsonl`),
  ]);
  if (products === null || outcomes === null)
    throw new Error(`Products or URL outcomes of batch ${batch} (from ${from}) of ${jobId} are missing`);
  return {
    counts,
    next,
    products: fromJsonLines<ProductRecord>(products),
    outcomes: fromJsonLines<UrlOutcome>(outcomes),
  };
}

/** A batch's result: its parts followed from the first, counts added up, products and outcomes in order. */
async function getBatchResult(jobId: string, batch: number): Promise<BatchResult> {
  const result: BatchResult = { counts: {} as UrlResultCounts, products: [], outcomes: [] };
  for (let from: number | null = 0; from !== null; ) {
    const part: BatchPart = await getBatchPart(jobId, batch, from);
    for (const [name, count] of Object.entries(part.counts))
      result.counts[name as UrlResult] = (result.counts[name as UrlResult] ?? 0) + count;
    result.products.push(...part.products);
    result.outcomes.push(...part.outcomes);
    if (part.next !== null && part.next <= from)
      throw new Error(`Batch ${batch} of ${jobId} loops at ${from}`);
    from = part.next;
  }
  return result;
}

export const s3ScrapeRuns: ScrapeRunStore = {
  putUrlList,
  getUrlList,
  putBatchManifest,
  getBatchManifest,
  putBatchPart,
  getBatchResult,
};
