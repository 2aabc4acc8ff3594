import * as v from 'valibot';
import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { listWebsites } from '#store/websites';
import { authorizedProject } from '../authorized-project.ts';
import { id } from '../fields.ts';
import { website } from './website-responses.ts';

const query = v.object({ project_id: id });

export const handler = http({ query, responses: { 200: v.array(website) } }, async ({ principal, query }) => {
  await authorizedProject(principal, query.project_id, 'READ');
  return json(200, await listWebsites(query.project_id));
});
