import { type Principal, type ProjectAction, projectAccessProblem } from '#core/access-policy';
import type { Problem } from '#core/problem';
import { projectFacts } from '#store/projects';

/**
 * The resource, when the caller may do the action in its project. One the caller cannot see (none,
 * or one in a project the caller has no access to) is `notFound`, so ids reveal nothing of other
 * projects; the policy's 403s (a role too low, PROJECT_ACCESS_DENIED) stand.
 */
export async function authorizedInProject<Resource extends { project_id: string }>(
  principal: Principal,
  resource: Resource | null,
  action: ProjectAction,
  notFound: Problem,
): Promise<Resource> {
  if (!resource) throw notFound;
  const problem = projectAccessProblem(
    principal,
    await projectFacts(principal.userId, resource.project_id),
    action,
  );
  if (problem) throw problem.status === 404 ? notFound : problem;
  return resource;
}
