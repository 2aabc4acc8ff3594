import type { Job, JobFailure, StoredJob } from '#core/job-record';
import { publicJob } from '#core/public-job';
import type { WebsiteOverlap } from '#match/index';
import {
  type MatchingCounts,
  type MatchingPhase,
  type MatchingProgress,
  matchingProgress,
} from '#matching-model/matching-progress';

/** A website of the run: products loaded, and how many are new or changed since the pair's last run. */
export interface MatchedWebsite {
  website_id: string;
  products: number;
  modified: number;
}

/** A matching job's own fields: the interface's, then the service's. */
export interface MatchingFields {
  reference_website_id: string;
  competitor_website_ids: string[];
  sample: boolean;
  matching_progress: MatchingProgress | null;
  overlap: WebsiteOverlap[] | null;
  websites: MatchedWebsite[] | null;
  /** A sample matches only the first this many reference products; null for a paid job. */
  sample_products: number | null;
  /** When the matching of products started, for the throughput behind `estimated_minutes_left`. */
  matching_started_at: string | null;
}

export type MatchingJob = StoredJob<MatchingFields>;

export const isMatchingJob = (job: StoredJob): job is MatchingJob => job.job_type === 'MATCHING';

const MATCHING_FIELDS = [
  'reference_website_id',
  'competitor_website_ids',
  'sample',
  'matching_progress',
  'overlap',
  'websites',
] as const satisfies readonly (keyof MatchingFields)[];

export type PublicMatchingJob = Job & Pick<MatchingFields, (typeof MATCHING_FIELDS)[number]>;

export const publicMatchingJob = (job: MatchingJob): PublicMatchingJob =>
  publicJob(job, MATCHING_FIELDS) as PublicMatchingJob;

/** One item of the lane's Map: a shard of the job's pair with its `pair`-th competitor. */
export interface ShardItem {
  pair: number;
  shard: number;
}

/**
 * What a step of the matching lane tells its state machine: SETTLE, EXPORT, DONE, STOP (the job
 * moved on without this step), SHARDS with the items of the Map that matches the job in shards, or
 * FAIL with the job's failure.
 */
export type MatchingStep =
  | { next: 'SETTLE' | 'EXPORT' | 'DONE' | 'STOP' }
  | { next: 'SHARDS'; shards: ShardItem[] }
  | { next: 'FAIL'; failure: JobFailure };

export const STOP: MatchingStep = { next: 'STOP' };

/** The job's progress in a phase, with the throughput measured since its matching started. */
export const progressOf = (job: MatchingJob, counts: MatchingCounts, phase: MatchingPhase) =>
  matchingProgress(
    counts,
    phase,
    job.matching_started_at ? Date.now() - Date.parse(job.matching_started_at) : 0,
  );
