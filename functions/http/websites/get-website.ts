import * as v from 'valibot';
import { id } from '#platform/request-fields';
import { authorizedWebsite } from '#websites/authorized-website';
import { http } from '../http.ts';
import { website } from './website-responses.ts';

const path = v.object({ website_id: id });

export const handler = http({ path, responses: { 200: website } }, async ({ guard, path, answer }) =>
  answer(200, await authorizedWebsite(guard, path.website_id)),
);
