import * as v from 'valibot';
import { canSeeProject } from '#core/access-policy';
import { json } from '#platform/http-response';
import { listUserProjects } from '#store/projects';
import { http } from '../http.ts';
import { project } from './project-responses.ts';

export const handler = http({ responses: { 200: v.array(project) } }, async ({ principal }) => {
  const projects = await listUserProjects(principal.userId);
  return json(
    200,
    projects.filter(({ facts }) => canSeeProject(principal, facts)).map(({ project }) => project),
  );
});
