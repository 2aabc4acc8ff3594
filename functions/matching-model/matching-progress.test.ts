import { describe, expect, it } from 'vitest';
import { addCounts, matchingProgress, NO_COUNTS } from './matching-progress.ts';

const counts = (processed: number, total: number) => ({
  ...NO_COUNTS,
  products_checked: processed,
  products_processed: processed,
  products_total: total,
});

describe('matchingProgress', () => {
  it('estimates the minutes left from the measured throughput', () => {
    // 100 products in 1 minute, 900 left: 9 minutes.
    expect(matchingProgress(counts(100, 1000), 'MATCHING_PRODUCTS', 60_000)).toMatchObject({
      estimated_minutes_left: 9,
      percent: 10,
    });
    // Twice as fast, half the time; partial minutes round up.
    expect(matchingProgress(counts(200, 1000), 'MATCHING_PRODUCTS', 60_000).estimated_minutes_left).toBe(4);
    expect(matchingProgress(counts(999, 1000), 'MATCHING_PRODUCTS', 60_000).estimated_minutes_left).toBe(1);
  });

  it('has no estimate before anything was processed, and none left when done', () => {
    expect(matchingProgress(counts(0, 1000), 'LOADING_CATALOGS', 0).estimated_minutes_left).toBeNull();
    expect(matchingProgress(counts(1000, 1000), 'SETTLING', 5000)).toMatchObject({
      estimated_minutes_left: 0,
      percent: 99,
    });
    expect(matchingProgress(counts(1000, 1000), 'DONE', 5000).percent).toBe(100);
    expect(matchingProgress(counts(0, 0), 'DONE', 0).percent).toBe(100);
  });

  it('sums counters of several competitors', () => {
    expect(addCounts(counts(3, 10), { ...counts(2, 10), new_matches: 1 })).toEqual({
      ...counts(5, 20),
      new_matches: 1,
    });
  });
});
