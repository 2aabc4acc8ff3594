import * as v from 'valibot';
import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { authorizedProject } from '../authorized-project.ts';
import { id } from '../fields.ts';
import { project } from './project-responses.ts';

const path = v.object({ project_id: id });

export const handler = http({ path, responses: { 200: project } }, async ({ principal, path }) =>
  json(200, await authorizedProject(principal, path.project_id, 'READ')),
);
