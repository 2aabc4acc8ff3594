import { type Principal, type ProjectAction, projectAccessProblem } from '#core/access-policy';
import { NotFound } from '#core/problem';
import { projectFacts } from '#store/projects';
import { getWebsite, type Website } from '#store/websites';

/**
 * The website, when the caller may do the action in its project. One the caller cannot see is 404
 * WEBSITE_NOT_FOUND; the policy's 403s (a role too low, and PROJECT_ACCESS_DENIED for removal) stand.
 */
export async function authorizedWebsite(
  principal: Principal,
  websiteId: string,
  action: ProjectAction,
): Promise<Website> {
  const website = await getWebsite(websiteId);
  const notFound = NotFound('WEBSITE_NOT_FOUND', 'No such website.');
  if (!website) throw notFound;
  const problem = projectAccessProblem(
    principal,
    await projectFacts(principal.userId, website.project_id),
    action,
  );
  if (problem) throw problem.status === 404 ? notFound : problem;
  return website;
}
