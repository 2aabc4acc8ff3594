import * as v from 'valibot';
import { cursor, id, wholeListLimit } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { publicSchedule } from '#schedules/schedule';
import { scheduleStore } from '#schedules/schedule-services';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { schedule } from './schedule-responses.ts';

const query = v.object({ project_id: id, limit: wholeListLimit, cursor });

export const handler = http(
  { query, responses: { 200: v.array(schedule) } },
  async ({ principal, guard, query, event, baseUrl }) => {
    await authorizedProject(guard, query.project_id);
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = await scheduleStore.page(query.project_id, {
      limit: query.limit,
      after: page.after,
    });
    return page.answer(values.map(publicSchedule), next);
  },
);
