import { putRunMatches } from '#exports/run-matches';
import { jobStore } from '#jobs/job-services';
import {
  type MatchedWebsite,
  type MatchingFields,
  type MatchingJob,
  type MatchingStep,
  progressOf,
  STOP,
} from '#jobs/matching-job';
import type { MatchingState } from '#match/index';
import type { MatchingCounts } from '#matching-model/matching-progress';
import type { PairState } from '#matching-model/pair-state';
import { matchRecord } from './match-record.ts';
import { pairStateStore } from './matching-services.ts';

/** One website pair's run: its new state, the state it started from, and its websites' counts. */
export interface PairRun extends PairState {
  previous: MatchingState | null;
  websites: MatchedWebsite[];
}

/** The reference products (URLs) whose fingerprint differs from what the pair's last run saw. */
function modifiedSince(
  previous: MatchingState | null,
  fingerprints: MatchingState['fingerprints'],
  referenceId: string,
): string[] {
  const before = previous?.fingerprints[referenceId] ?? {};
  return Object.entries(fingerprints[referenceId] ?? {})
    .filter(([url, fingerprint]) => before[url] !== fingerprint)
    .map(([url]) => url);
}

/** The reference products whose fingerprint differs from what any pair's last run saw. */
function modifiedReference(runs: readonly PairRunCounts[]): number {
  const modified = new Set<string>();
  for (const run of runs) for (const url of run.modifiedReference) modified.add(url);
  return modified.size;
}

/**
 * The end of the matching, in one run or merged from shards: the pairs' new states (not for a
 * sample, which saw only part of the reference), the job's matches, its websites and its progress.
 */
export async function recordMatchingRuns(
  job: MatchingJob,
  runs: readonly PairRun[],
  referenceProducts: number,
  done: MatchingCounts,
): Promise<MatchingStep> {
  if (job.sample_products === null) {
    for (const run of runs) await pairStateStore.save(job.project_id, run, job.job_id);
  }
  const records = runs.flatMap((run) =>
    run.state.matches.map((match) => matchRecord(job.reference_website_id, match)),
  );
  await putRunMatches(job.job_id, records);
  return recordMatchingProgress(
    job,
    runs.map((run) => ({
      modifiedReference: modifiedSince(run.previous, run.state.fingerprints, job.reference_website_id),
      websites: run.websites,
    })),
    referenceProducts,
    done,
  );
}

/** What the job's websites and progress are read from: a pair's run without its matches. */
export interface PairRunCounts {
  /** URLs of the reference products whose fingerprint differs from what the pair's last run saw. */
  modifiedReference: Iterable<string>;
  websites: MatchedWebsite[];
}

/** The job's websites and progress once its pairs' states and matches are written. */
export async function recordMatchingProgress(
  job: MatchingJob,
  runs: readonly PairRunCounts[],
  referenceProducts: number,
  done: MatchingCounts,
): Promise<MatchingStep> {
  const websites: MatchedWebsite[] = [
    {
      website_id: job.reference_website_id,
      products: referenceProducts,
      modified: modifiedReference(runs),
    },
    ...runs.map((run) => run.websites[1] as MatchedWebsite),
  ];
  const total = referenceProducts * job.competitor_website_ids.length;
  const matched = await jobStore().updateIn<MatchingFields>(job.job_id, 'RUNNING', {
    matching_progress: progressOf(job, { ...done, products_total: total }, 'MATCHING_PRODUCTS'),
    websites,
  });
  return matched ? { next: 'SETTLE' } : STOP;
}
