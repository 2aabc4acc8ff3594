import { type Cents, formatMoney } from '#core/money';
import { Conflict, NotFound } from '#core/problem';
import { websiteStore } from '#websites/website-services';
import { type ScheduleScope, screenScope } from './create-schedule.ts';
import { planNextRun } from './plan-schedule.ts';
import type { Schedule } from './schedule.ts';
import type { Cadence } from './schedule-cadence.ts';
import { scheduleStore } from './schedule-services.ts';

export interface ScheduleChange extends ScheduleScope {
  cadence?: Cadence;
  time_zone?: string;
  monthly_budget?: Cents;
  /** PAUSED pauses, ACTIVE resumes. */
  status?: 'ACTIVE' | 'PAUSED';
}

/** A write lost to a racing one (a run, another change) is made again on the schedule read anew. */
const MAX_ATTEMPTS = 5;

const stopped = (schedule: Schedule) =>
  Conflict(
    'SCHEDULE_STOPPED',
    `The schedule stopped (${schedule.stopped_reason ?? 'stopped'}); it can only be removed. Create a new one.`,
  );

/**
 * Rewrites a schedule with `change` applied to the stored one, reading again when a racing write came
 * first; 404 SCHEDULE_NOT_FOUND once it is gone. `read` is the schedule the caller just read, tried
 * first instead of reading it again. A change that returns the schedule as it was writes nothing.
 */
export async function rewriteSchedule(
  scheduleId: string,
  change: (schedule: Schedule) => Promise<Schedule> | Schedule,
  read?: Schedule,
): Promise<Schedule> {
  let current = read ?? (await scheduleStore.get(scheduleId));
  for (let attempt = 1; ; attempt++) {
    if (!current) throw NotFound('SCHEDULE_NOT_FOUND', 'No such schedule.');
    const next = await change(current);
    if (next === current) return current;
    if (await scheduleStore.change(current, next)) return { ...next, version: current.version + 1 };
    if (attempt === MAX_ATTEMPTS)
      throw new Error(`Changing schedule ${scheduleId} kept racing with other writes`);
    current = await scheduleStore.get(scheduleId);
  }
}

/** Stops a schedule for good (its website was removed): it never runs again. */
export function stopSchedule(scheduleId: string, reason: string): Promise<Schedule> {
  return rewriteSchedule(scheduleId, (schedule) =>
    schedule.status === 'STOPPED'
      ? schedule
      : {
          ...schedule,
          status: 'STOPPED',
          stopped_reason: reason,
          next_run_at: null,
          updated_at: new Date().toISOString(),
        },
  );
}

/**
 * Changes what a schedule scrapes, when, its budget, or pauses or resumes it, starting from `read`,
 * the schedule as the caller just read it. A new cadence or time zone, and a resume, plan the next
 * run from now: runs missed while paused are not made up. A stopped schedule is 409 SCHEDULE_STOPPED.
 */
export function updateSchedule(read: Schedule, change: ScheduleChange): Promise<Schedule> {
  return rewriteSchedule(
    read.schedule_id,
    async (schedule) => {
      if (schedule.status === 'STOPPED') throw stopped(schedule);
      const now = new Date();
      let scope: Pick<Schedule, 'variant' | 'urls'> = { variant: schedule.variant, urls: schedule.urls };
      if (change.variant !== undefined || change.urls !== undefined) {
        const website = await websiteStore.get(schedule.website_id);
        if (!website) throw stopped(await stopSchedule(schedule.schedule_id, 'WEBSITE_REMOVED'));
        const { rejected: _rejected, ...screened } = screenScope(change, website);
        scope = screened;
      }
      const cadence = change.cadence ?? schedule.cadence;
      const status = change.status ?? schedule.status;
      const replan =
        change.cadence !== undefined || change.time_zone !== undefined || schedule.status !== status;
      const plan = replan
        ? planNextRun(cadence, change.time_zone ?? schedule.time_zone, now)
        : { nextRunAt: schedule.next_run_at, timeZone: schedule.time_zone };
      const nextRun = plan.nextRunAt;
      return {
        ...schedule,
        ...scope,
        cadence,
        time_zone: plan.timeZone,
        monthly_budget:
          change.monthly_budget === undefined ? schedule.monthly_budget : formatMoney(change.monthly_budget),
        status,
        next_run_at: status === 'ACTIVE' ? nextRun : null,
        updated_at: now.toISOString(),
      };
    },
    read,
  );
}
