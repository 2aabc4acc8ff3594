import * as v from 'valibot';
import { id } from '#platform/request-fields';
import { authorizedWebsite } from '#websites/authorized-website';
import { websiteStore } from '#websites/website-services';
import { http } from '../http.ts';
import { websiteSample } from './website-responses.ts';

const path = v.object({ website_id: id });

/** The products read while training, so a user can judge the extraction before paying for a scrape. */
export const handler = http({ path, responses: { 200: websiteSample } }, async ({ guard, path, answer }) => {
  const website = await authorizedWebsite(guard, path.website_id);
  return answer(200, {
    website_id: website.website_id,
    products: await websiteStore.sample(website.website_id),
  });
});
