import { publishEvent } from '#webhooks/webhook-events';
import type { Schedule, ScheduleRun } from './schedule.ts';
import { scheduleStore } from './schedule-services.ts';

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
 * Records that a schedule's due run was skipped, and why, and announces it to the project's webhooks
 * (`schedule.run_skipped`). Every skip passes here.
 */
export async function recordSkippedRun(
  schedule: Pick<Schedule, 'project_id' | 'website_id'>,
  run: Pick<ScheduleRun, 'schedule_id' | 'due_at'>,
  reason: SkipReason,
  detail: string,
  jobId: string | null = null,
): Promise<ScheduleRun> {
  const recorded = await scheduleStore.recordRunOutcome(run, {
    outcome: 'SKIPPED',
    job_id: jobId,
    skip_reason: reason,
    detail,
  });
  await publishEvent(schedule.project_id, 'schedule.run_skipped', {
    website_id: schedule.website_id,
    run: recorded,
  });
  return recorded;
}
