import { recordRunOutcome, type ScheduleRun } from '#store/schedules';

/** Why a due run made no job, as its run lists it. */
export const SKIP_REASONS = [
  'BUDGET_EXHAUSTED',
  'SCRAPE_IN_PROGRESS',
  'WEBSITE_REMOVED',
  'INSUFFICIENT_FUNDS',
  'MONTHLY_SPEND_LIMIT',
  'NO_FULL_CATALOG',
  'CATALOG_EXPIRED',
  'NO_URL_ACCEPTED',
  'RUN_FAILED',
] as const;

export type SkipReason = (typeof SKIP_REASONS)[number];

/**
 * Records that a schedule's due run was skipped, and why. Every skip passes here, so this is where a
 * skipped run is announced to others (a webhook event) once the service sends them.
 */
export function recordSkippedRun(
  run: Pick<ScheduleRun, 'schedule_id' | 'due_at'>,
  reason: SkipReason,
  detail: string,
  jobId: string | null = null,
): Promise<ScheduleRun> {
  return recordRunOutcome(run, { outcome: 'SKIPPED', job_id: jobId, skip_reason: reason, detail });
}
