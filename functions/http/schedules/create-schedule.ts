import * as v from 'valibot';
import { parseMoney } from '#core/money';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { createSchedule } from '#schedules/create-schedule';
import { publicSchedule } from '#schedules/schedule';
import { http } from '../http.ts';
import {
  cadence,
  monthlyBudget,
  SCOPE_MESSAGE,
  scopeMatches,
  timeZone,
  urls,
  variant,
} from './schedule-requests.ts';
import { createdSchedule } from './schedule-responses.ts';

const body = v.pipe(
  v.strictObject({
    project_id: id,
    website_id: id,
    variant: v.optional(variant),
    urls: v.optional(urls),
    cadence,
    time_zone: timeZone,
    monthly_budget: monthlyBudget,
  }),
  v.forward(
    v.check((input) => scopeMatches(input), SCOPE_MESSAGE),
    ['variant'],
  ),
  v.examples([
    {
      project_id: 'a1B2c3D4',
      website_id: 'e5F6g7H8',
      cadence: { kind: 'WEEKLY', day: 'MONDAY', time: '06:30' },
      time_zone: 'Europe/Prague',
      monthly_budget: '20.00',
    },
  ]),
);

export const handler = http(
  { body, responses: { 201: createdSchedule } },
  async ({ principal, guard, body, answer }) => {
    const project = await authorizedProject(guard, body.project_id);
    const { schedule, rejected } = await createSchedule(project, principal.userId, {
      ...body,
      monthly_budget: parseMoney(body.monthly_budget),
    });
    return answer(201, { ...publicSchedule(schedule), ...rejected });
  },
);
