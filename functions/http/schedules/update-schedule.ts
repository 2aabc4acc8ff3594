import * as v from 'valibot';
import { parseMoney } from '#core/money';
import { id } from '#platform/request-fields';
import { authorizedSchedule } from '#schedules/authorized-schedule';
import { updateSchedule } from '#schedules/change-schedule';
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
import { schedule } from './schedule-responses.ts';

const path = v.object({ schedule_id: id });
const body = v.pipe(
  v.strictObject({
    variant: v.optional(variant),
    urls: v.optional(urls),
    cadence: v.optional(cadence),
    time_zone: v.optional(timeZone),
    monthly_budget: v.optional(monthlyBudget),
    status: v.optional(
      v.pipe(
        v.picklist(['ACTIVE', 'PAUSED']),
        v.description('PAUSED pauses the schedule; ACTIVE resumes it.'),
      ),
    ),
  }),
  // A scope is changed whole: a variant alone (FULL, CATALOG_URLS) or a list of urls.
  v.forward(
    v.check(
      (input) => (input.variant === undefined && input.urls === undefined) || scopeMatches(input),
      SCOPE_MESSAGE,
    ),
    ['variant'],
  ),
  v.examples([{ status: 'PAUSED' }]),
);

export const handler = http(
  { path, body, responses: { 200: schedule } },
  async ({ guard, path, body, answer }) => {
    const read = await authorizedSchedule(guard, path.schedule_id);
    const { monthly_budget, ...change } = body;
    const budget = monthly_budget === undefined ? {} : { monthly_budget: parseMoney(monthly_budget) };
    return answer(200, publicSchedule(await updateSchedule(read, { ...change, ...budget })));
  },
);
