import { projectAccessProblem } from '#core/access-policy';
import type { Problem } from '#core/problem';
import type { RouteGuard } from '#core/route-guard';
import { projectStore } from '#projects/project-services';

/**
 * The resource, when the caller may do the route's action in its project. One the caller cannot see (none,
 * or one in a project the caller has no access to) is `notFound`, so ids reveal nothing of other
 * projects; the policy's 403s (a role too low, PROJECT_ACCESS_DENIED) stand.
 */
export async function authorizedInProject<Resource extends { project_id: string }>(
  guard: RouteGuard,
  resource: Resource | null,
  notFound: Problem,
): Promise<Resource> {
  if (!resource) throw notFound;
  const problem = projectAccessProblem(
    guard.principal,
    await projectStore.facts(guard.principal.userId, resource.project_id),
    guard.projectAction(),
  );
  if (problem) throw problem.status === 404 ? notFound : problem;
  guard.pass();
  return resource;
}
