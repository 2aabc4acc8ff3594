import * as v from 'valibot';
import { noContent } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { authorizedSchedule } from '#schedules/authorized-schedule';
import { removeSchedule } from '#schedules/remove-schedule';
import { http } from '../http.ts';

const path = v.object({ schedule_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ guard, path }) => {
  await removeSchedule(await authorizedSchedule(guard, path.schedule_id));
  return noContent();
});
