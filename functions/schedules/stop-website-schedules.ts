import { isProblem } from '#core/problem';
import type { Website } from '#websites/website';
import { stopSchedule } from './change-schedule.ts';
import { scheduleStore } from './schedule-services.ts';

/** A removed website's schedules stop at once, so none of them shows a next run that will not come. */
export async function stopWebsiteSchedules(website: Website): Promise<void> {
  const schedules = await scheduleStore.ofProject(website.project_id);
  for (const schedule of schedules) {
    if (schedule.website_id === website.website_id && schedule.status !== 'STOPPED') {
      // One removed meanwhile needs no stop.
      await stopSchedule(schedule.schedule_id, 'WEBSITE_REMOVED').catch((error) => {
        if (!isProblem(error, 'SCHEDULE_NOT_FOUND')) throw error;
      });
    }
  }
}
