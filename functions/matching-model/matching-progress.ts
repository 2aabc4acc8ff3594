/**
 * The matching job's `matching_progress`, from the engine's counters and the time the matching has
 * taken so far: the minutes left come from the throughput measured in this run, not from a constant.
 */
export type MatchingPhase = 'LOADING_CATALOGS' | 'MATCHING_PRODUCTS' | 'SETTLING' | 'EXPORTING' | 'DONE';

export interface MatchingCounts {
  products_checked: number;
  products_skipped_not_modified: number;
  new_matches: number;
  products_processed: number;
  products_total: number;
}

export interface MatchingProgress extends MatchingCounts {
  /** Null until some products have been processed, so there is a throughput to go by. */
  estimated_minutes_left: number | null;
  percent: number;
  phase: MatchingPhase;
}

export const NO_COUNTS: MatchingCounts = {
  products_checked: 0,
  products_skipped_not_modified: 0,
  new_matches: 0,
  products_processed: 0,
  products_total: 0,
};

/** Sums the counters of several engine runs (one per competitor). */
export function addCounts(a: MatchingCounts, b: MatchingCounts): MatchingCounts {
  return {
    products_checked: a.products_checked + b.products_checked,
    products_skipped_not_modified: a.products_skipped_not_modified + b.products_skipped_not_modified,
    new_matches: a.new_matches + b.new_matches,
    products_processed: a.products_processed + b.products_processed,
    products_total: a.products_total + b.products_total,
  };
}

/**
 * Progress while the job works: `percent` is processed over total and stays below 100 until the
 * job is done; `estimated_minutes_left` is the products left at the rate measured over `elapsedMs`,
 * rounded up to whole minutes (0 once nothing is left).
 */
export function matchingProgress(
  counts: MatchingCounts,
  phase: MatchingPhase,
  elapsedMs: number,
): MatchingProgress {
  const left = Math.max(0, counts.products_total - counts.products_processed);
  const done = phase === 'DONE';
  let minutes: number | null = null;
  if (done || left === 0) minutes = 0;
  else if (counts.products_processed > 0 && elapsedMs > 0) {
    const perMs = counts.products_processed / elapsedMs;
    minutes = Math.ceil(left / perMs / 60_000);
  }
  const ratio = counts.products_total === 0 ? 1 : counts.products_processed / counts.products_total;
  const percent = done ? 100 : Math.min(99, Math.floor(ratio * 1000) / 10);
  return { ...counts, estimated_minutes_left: minutes, percent, phase };
}
