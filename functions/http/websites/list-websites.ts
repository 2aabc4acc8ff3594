import * as v from 'valibot';
import { authorizedProject } from '#access/authorized-project';
import { json } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { listWebsites } from '#store/websites';
import { http } from '../http.ts';
import { website } from './website-responses.ts';

const query = v.object({ project_id: id });

export const handler = http({ query, responses: { 200: v.array(website) } }, async ({ principal, query }) => {
  await authorizedProject(principal, query.project_id, 'READ');
  return json(200, await listWebsites(query.project_id));
});
