import * as v from 'valibot';
import { cursor, id, limit } from '#platform/request-fields';
import { authorizedSchedule } from '#schedules/authorized-schedule';
import { scheduleStore } from '#schedules/schedule-services';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { scheduleRun } from './schedule-responses.ts';

const path = v.object({ schedule_id: id });
const query = v.object({ limit, cursor });

export const handler = http(
  { path, query, responses: { 200: v.array(scheduleRun) } },
  async ({ principal, guard, path, query, event, baseUrl }) => {
    await authorizedSchedule(guard, path.schedule_id);
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = await scheduleStore.runsPage(path.schedule_id, {
      limit: query.limit,
      after: page.after,
    });
    return page.answer(values, next);
  },
);
