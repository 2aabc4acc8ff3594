import { isFinal, type JobStatus, type JobType } from './lanes.ts';
import type { Estimate, SettlementAmount } from './pricing.ts';

/** The interface lists jobs per kind: setup, scraping (FULL and URL) and matching. */
export type JobList = 'SETUP' | 'SCRAPING' | 'MATCHING';

export const JOB_LIST: Record<JobType, JobList> = {
  WEBSITE_SETUP: 'SETUP',
  FULL_SCRAPE: 'SCRAPING',
  URL_SCRAPE: 'SCRAPING',
  MATCHING: 'MATCHING',
};

/** The interface's common job fields. */
export interface Job {
  job_id: string;
  job_type: JobType;
  status: JobStatus;
  project_id: string;
  website_id: string | null;
  estimate: Estimate | null;
  approval: { approved_by: string; approved_at: string } | null;
  settlement: (SettlementAmount & { settled_at: string }) | null;
  error: string | null;
  error_code: string | null;
  contact_reason: string | null;
  contact_request_id: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export const COMMON_JOB_FIELDS = [
  'job_id',
  'job_type',
  'status',
  'project_id',
  'website_id',
  'estimate',
  'approval',
  'settlement',
  'error',
  'error_code',
  'contact_reason',
  'contact_request_id',
  'created_at',
  'updated_at',
  'finished_at',
] as const satisfies readonly (keyof Job)[];

/** The fields a stored job may leave out: every one not set when it is created. */
const ALWAYS_SET: ReadonlySet<keyof Job> = new Set([
  'job_id',
  'job_type',
  'status',
  'project_id',
  'created_at',
  'updated_at',
]);

/** What the service keeps beside the interface's fields. */
export interface JobInternals {
  customer_id: string;
  /** The running lane execution, to stop it on cancel; null before it starts or for a job that needs none. */
  execution_arn: string | null;
  /** The uniqueness locks the job holds while unfinished; the job store releases them when it ends. */
  locks: JobLock[];
}

/**
 * A uniqueness lock, in the lane's words: at most one unfinished setup per project and website
 * identity, one matching per project and request, one FULL scrape per project and website. How a
 * lock is kept (a table item) is the job store's business.
 */
export type JobLock =
  | { lock: 'SETUP'; project_id: string; website_key: string }
  | { lock: 'MATCHING'; project_id: string; request_key: string }
  | { lock: 'FULL_SCRAPE'; project_id: string; website_id: string };

export type StoredJob<Extra extends object = object> = Job & JobInternals & Extra;

export const NULLABLE_JOB_FIELDS: readonly (keyof Job | keyof JobInternals)[] = [
  ...COMMON_JOB_FIELDS.filter((name) => !ALWAYS_SET.has(name)),
  'execution_arn',
];

/** The interface's job-level error fields of a failed job. */
export interface JobFailure {
  error: string;
  error_code: string | null;
  contact_reason: string | null;
}

/** A job as created: what its lane sets, and every other field of the interface empty. */
export function newJobRecord(
  fields: Pick<Job, 'job_id' | 'job_type' | 'status' | 'project_id' | 'website_id' | 'estimate'> &
    Pick<JobInternals, 'customer_id' | 'locks'> & { now: string },
): Job & JobInternals {
  const { now, ...set } = fields;
  return {
    ...set,
    approval: null,
    settlement: null,
    error: null,
    error_code: null,
    contact_reason: null,
    contact_request_id: null,
    created_at: now,
    updated_at: now,
    // A job created in a final state (a setup of a website already in the project) ends as it starts.
    finished_at: isFinal(fields.status) ? now : null,
    execution_arn: null,
  };
}
