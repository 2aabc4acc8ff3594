import * as v from 'valibot';
import { authorizedWebsite } from '#access/authorized-website';
import { noContent } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { stopWebsiteSchedules } from '#schedules/stop-website-schedules';
import { removeWebsite } from '#store/websites';
import { http } from '../http.ts';

const path = v.object({ website_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ guard, path }) => {
  const website = await authorizedWebsite(guard, path.website_id);
  await removeWebsite(website);
  await stopWebsiteSchedules(website);
  return noContent();
});
