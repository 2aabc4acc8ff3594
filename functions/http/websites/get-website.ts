import * as v from 'valibot';
import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { authorizedWebsite } from '../authorized-website.ts';
import { id } from '../fields.ts';
import { website } from './website-responses.ts';

const path = v.object({ website_id: id });

export const handler = http({ path, responses: { 200: website } }, async ({ principal, path }) =>
  json(200, await authorizedWebsite(principal, path.website_id, 'READ')),
);
