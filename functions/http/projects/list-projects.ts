import { canSeeProject } from '#core/access-policy';
import { json } from '#platform/http-response';
import { listUserProjects } from '#store/projects';
import { http } from '../http.ts';

export const handler = http({}, async ({ principal }) => {
  const projects = await listUserProjects(principal.userId);
  return json(
    200,
    projects.filter(({ facts }) => canSeeProject(principal, facts)).map(({ project }) => project),
  );
});
