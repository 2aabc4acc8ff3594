import type { Schedule } from './schedule.ts';
import { scheduleStore } from './schedule-services.ts';

/** Removes a schedule with its runs (the jobs they made stay); a run racing the removal is read again. */
export async function removeSchedule(schedule: Schedule): Promise<void> {
  let current: Schedule | null = schedule;
  while (current && !(await scheduleStore.remove(current)))
    current = await scheduleStore.get(schedule.schedule_id);
}
