import type { Cadence } from './schedule-cadence.ts';

export type ScheduleVariant = 'FULL' | 'CATALOG_URLS' | 'URLS_ONLY';
/** ACTIVE runs; PAUSED waits for a resume; STOPPED ended for good (its website was removed). */
export type ScheduleStatus = 'ACTIVE' | 'PAUSED' | 'STOPPED';

export interface Schedule {
  schedule_id: string;
  project_id: string;
  website_id: string;
  /** What each run scrapes, as POST /jobs/scraping takes it: `urls` goes with URLS_ONLY. */
  variant: ScheduleVariant;
  urls: string[] | null;
  cadence: Cadence;
  time_zone: string;
  monthly_budget: string;
  status: ScheduleStatus;
  /** Why a STOPPED schedule stopped. */
  stopped_reason: string | null;
  /** The next due time while ACTIVE, else null. */
  next_run_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** Counts writes, so a change and a run that race never both apply to the same read. */
  version: number;
}

export type RunOutcome = 'PENDING' | 'STARTED' | 'SKIPPED';

export interface ScheduleRun {
  schedule_id: string;
  due_at: string;
  /** PENDING while the runner makes the job; STARTED with the approved job; SKIPPED with a reason. */
  outcome: RunOutcome;
  job_id: string | null;
  skip_reason: string | null;
  detail: string | null;
  recorded_at: string;
}

/** A claimed run still PENDING, with the id its job was to have. */
export interface PendingRun {
  run: ScheduleRun;
  plannedJobId: string;
}

/** A schedule as the interface shows it: everything but the write counter. */
export const publicSchedule = ({ version: _version, ...schedule }: Schedule) => schedule;
