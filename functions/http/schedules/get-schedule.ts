import * as v from 'valibot';
import { id } from '#platform/request-fields';
import { authorizedSchedule } from '#schedules/authorized-schedule';
import { publicSchedule } from '#schedules/schedule';
import { http } from '../http.ts';
import { schedule } from './schedule-responses.ts';

const path = v.object({ schedule_id: id });

export const handler = http({ path, responses: { 200: schedule } }, async ({ guard, path, answer }) =>
  answer(200, publicSchedule(await authorizedSchedule(guard, path.schedule_id))),
);
