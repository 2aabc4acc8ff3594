/**
 * The live progress of a scrape job. The batches of a scrape run in parallel (in AWS, each in its
 * own Lambda), a few at a time: a running batch part writes its count of pages under its index in
 * `running_pages` (a retried part overwrites it), and when the part ends its pages move into
 * `pages_done` and its entry goes. The job then holds one entry per batch running, never one
 * per batch of the shop, so a progress write is the same size whatever the shop's size.
 */
export type ScrapePhase = 'COLLECTING_PAGES' | 'SCRAPING_PAGES' | 'MERGING_CATALOG' | 'DONE';

export interface ScrapeRunProgress {
  phase: ScrapePhase;
  /** The most pages the job scrapes: its URL count, or the FULL limit. */
  pages_limit: number;
  /** Pages the job expects to scrape: the setup's product estimate until the URLs are known. */
  pages_estimate: number;
  /** Pages of the batch parts that have ended, all batches together. */
  pages_done?: number;
  /** Pages done so far by each batch part running, by batch index. */
  running_pages?: Record<string, number>;
  /** The plan the batches' counts belong to: planning again (a resumed run) starts them afresh. */
  plan?: string;
  /** Pages done per batch index, as jobs planned before `pages_done` kept them. */
  batch_pages?: Record<string, number>;
}

/** The interface's shape: `pages`, `pages_limit`, `pages_estimate`, `phase`, `percent`. */
export interface ScrapeProgress {
  pages: number;
  pages_limit: number;
  pages_estimate: number;
  phase: ScrapePhase;
  percent: number;
}

export function scrapeProgressView(run: ScrapeRunProgress): ScrapeProgress {
  const pages = [...Object.values(run.running_pages ?? {}), ...Object.values(run.batch_pages ?? {})].reduce(
    (sum, done) => sum + done,
    run.pages_done ?? 0,
  );
  // 100 only once the catalog is delivered; merging and settling take the last step.
  const percent =
    run.phase === 'DONE'
      ? 100
      : run.phase === 'COLLECTING_PAGES'
        ? 0
        : Math.min(99, Math.floor((100 * pages) / Math.max(1, run.pages_estimate)));
  return {
    pages,
    pages_limit: run.pages_limit,
    pages_estimate: run.pages_estimate,
    phase: run.phase,
    percent,
  };
}

/** Splits `count` URLs into batches of at most `size`, as [start, end) ranges by batch index. */
export function batchRanges(count: number, size: number): [number, number][] {
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError(`batch size must be at least 1, got ${size}`);
  const ranges: [number, number][] = [];
  for (let start = 0; start < count; start += size) ranges.push([start, Math.min(count, start + size)]);
  return ranges;
}
