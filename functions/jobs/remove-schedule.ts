import { getSchedule, removeSchedule as removeStoredSchedule, type Schedule } from '#store/schedules';

/** Removes a schedule with its runs (the jobs they made stay); a run racing the removal is read again. */
export async function removeSchedule(schedule: Schedule): Promise<void> {
  let current: Schedule | null = schedule;
  while (current && !(await removeStoredSchedule(current))) current = await getSchedule(schedule.schedule_id);
}
