import * as v from 'valibot';
import { noContent } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { stopWebsiteSchedules } from '#schedules/stop-website-schedules';
import { authorizedWebsite } from '#websites/authorized-website';
import { websiteStore } from '#websites/website-services';
import { http } from '../http.ts';

const path = v.object({ website_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ guard, path }) => {
  const website = await authorizedWebsite(guard, path.website_id);
  await websiteStore.remove(website);
  await stopWebsiteSchedules(website);
  return noContent();
});
