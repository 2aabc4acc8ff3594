import { type ChangeKind, meetsThreshold, type PriceChange } from './price-changes.ts';

/** A change as a scrape found it: its kind and move, and the scrape it came from. */
type FoundChange = Pick<PriceChange, 'kind' | 'price_change_percent'> & {
  job_id: string;
  website_id: string;
  detected_at: string;
};

/** The most changes one event carries; the rest are listed by GET /projects/{project_id}/changes. */
export const CHANGES_PER_EVENT = 100;

export interface ChangesEventData<C extends FoundChange> {
  job_id: string;
  website_id: string;
  detected_at: string;
  /** Every change past the threshold, counted by kind (the ones the event leaves out too). */
  counts: Partial<Record<ChangeKind, number>>;
  changes: C[];
  /** Whether more changes passed the threshold than the event carries. */
  truncated: boolean;
}

/**
 * What a `changes.detected` event says of one scrape's changes: those past the project's threshold,
 * at most `CHANGES_PER_EVENT` of them, with the counts of all; null when none passes the threshold.
 */
export function changesEventData<C extends FoundChange>(
  changes: readonly C[],
  thresholdPercent: number | null,
): ChangesEventData<C> | null {
  const passing = changes.filter((change) => meetsThreshold(change, thresholdPercent));
  const [first] = passing;
  if (!first) return null;
  const counts: Partial<Record<ChangeKind, number>> = {};
  for (const change of passing) counts[change.kind] = (counts[change.kind] ?? 0) + 1;
  return {
    job_id: first.job_id,
    website_id: first.website_id,
    detected_at: first.detected_at,
    counts,
    changes: passing.slice(0, CHANGES_PER_EVENT),
    truncated: passing.length > CHANGES_PER_EVENT,
  };
}
