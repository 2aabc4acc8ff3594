import { canSeeProject } from '#core/access-policy';
import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { listUserProjects } from '#store/projects';

export const handler = http({}, async ({ principal }) => {
  const projects = await listUserProjects(principal.userId);
  return json(
    200,
    projects.filter(({ facts }) => canSeeProject(principal, facts)).map(({ project }) => project),
  );
});
