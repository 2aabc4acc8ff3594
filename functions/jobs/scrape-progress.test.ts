import { describe, expect, it } from 'vitest';
import { batchRanges, scrapeProgressView } from './scrape-progress.ts';

describe('scrape progress', () => {
  it('sums the pages of every batch and keeps 100 % for the delivered catalog', () => {
    const run = { pages_limit: 40, pages_estimate: 40, batch_pages: { '0': 10, '1': 20 } };
    expect(scrapeProgressView({ ...run, phase: 'SCRAPING_PAGES' })).toEqual({
      pages: 30,
      pages_limit: 40,
      pages_estimate: 40,
      phase: 'SCRAPING_PAGES',
      percent: 75,
    });
    expect(scrapeProgressView({ ...run, phase: 'COLLECTING_PAGES' }).percent).toBe(0);
    expect(scrapeProgressView({ ...run, batch_pages: { '0': 40 }, phase: 'MERGING_CATALOG' }).percent).toBe(
      99,
    );
    expect(scrapeProgressView({ ...run, phase: 'DONE' }).percent).toBe(100);
  });

  it('counts the pages of ended batch parts with those of the parts running', () => {
    const run = { pages_limit: 40, pages_estimate: 40, phase: 'SCRAPING_PAGES' as const };
    expect(scrapeProgressView({ ...run, pages_done: 25, running_pages: {} }).pages).toBe(25);
    expect(scrapeProgressView({ ...run, pages_done: 20, running_pages: { '2': 3, '3': 4 } }).pages).toBe(27);
    // A job planned before parts folded their pages keeps a count per batch.
    expect(scrapeProgressView({ ...run, batch_pages: { '0': 10, '3': 5 } }).pages).toBe(15);
    expect(scrapeProgressView({ ...run, pages_done: 0 }).percent).toBe(0);
  });

  it('splits URLs into batches of at most the batch size', () => {
    expect(batchRanges(0, 3)).toEqual([]);
    expect(batchRanges(7, 3)).toEqual([
      [0, 3],
      [3, 6],
      [6, 7],
    ]);
    expect(() => batchRanges(7, 0)).toThrow(RangeError);
  });
});
