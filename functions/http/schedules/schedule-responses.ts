import * as v from 'valibot';
import { SKIP_REASONS } from '#schedules/record-skipped-run';
import { WEEKDAYS } from '#schedules/schedule-cadence';
import { count, money, nullableTimestamp, timestamp } from '../response-fields.ts';

export const schedule = v.object({
  schedule_id: v.string(),
  project_id: v.string(),
  website_id: v.string(),
  variant: v.picklist(['FULL', 'CATALOG_URLS', 'URLS_ONLY']),
  urls: v.nullable(v.array(v.string())),
  cadence: v.variant('kind', [
    v.object({ kind: v.literal('DAILY'), time: v.string() }),
    v.object({ kind: v.literal('WEEKLY'), day: v.picklist(WEEKDAYS), time: v.string() }),
    v.object({ kind: v.literal('CRON'), expression: v.string() }),
  ]),
  time_zone: v.string(),
  monthly_budget: money,
  status: v.picklist(['ACTIVE', 'PAUSED', 'STOPPED']),
  stopped_reason: v.nullable(v.string()),
  next_run_at: v.pipe(nullableTimestamp, v.description('The next due time while ACTIVE, else null.')),
  created_by: v.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const createdSchedule = v.object({
  ...schedule.entries,
  rejected: v.optional(count),
  rejected_urls: v.optional(v.array(v.string())),
});

export const scheduleRun = v.object({
  schedule_id: v.string(),
  due_at: timestamp,
  outcome: v.pipe(
    v.picklist(['PENDING', 'STARTED', 'SKIPPED']),
    v.description('STARTED: the job was created and approved; SKIPPED: no job was charged, see skip_reason.'),
  ),
  job_id: v.nullable(v.string()),
  skip_reason: v.nullable(v.picklist(SKIP_REASONS)),
  detail: v.nullable(v.string()),
  recorded_at: timestamp,
});
