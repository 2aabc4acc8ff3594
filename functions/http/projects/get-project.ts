import * as v from 'valibot';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { project } from './project-responses.ts';

const path = v.object({ project_id: id });

export const handler = http({ path, responses: { 200: project } }, async ({ guard, path, answer }) =>
  answer(200, await authorizedProject(guard, path.project_id)),
);
