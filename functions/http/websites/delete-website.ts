import * as v from 'valibot';
import { http } from '#platform/http';
import { noContent } from '#platform/http-response';
import { removeWebsite } from '#store/websites';
import { authorizedWebsite } from '../authorized-website.ts';
import { id } from '../fields.ts';

const path = v.object({ website_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ principal, path }) => {
  await removeWebsite(await authorizedWebsite(principal, path.website_id, 'REMOVE_WEBSITE'));
  return noContent();
});
