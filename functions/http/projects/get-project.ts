import * as v from 'valibot';
import { authorizedProject } from '#access/authorized-project';
import { id } from '#platform/request-fields';
import { http } from '../http.ts';
import { project } from './project-responses.ts';

const path = v.object({ project_id: id });

export const handler = http({ path, responses: { 200: project } }, async ({ guard, path, answer }) =>
  answer(200, await authorizedProject(guard, path.project_id)),
);
