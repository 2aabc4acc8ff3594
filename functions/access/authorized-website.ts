import type { Principal, ProjectAction } from '#core/access-policy';
import { NotFound } from '#core/problem';
import { getWebsite, type Website } from '#store/websites';
import { authorizedInProject } from './authorized-in-project.ts';

/**
 * The website, when the caller may do the action in its project. One the caller cannot see is 404
 * WEBSITE_NOT_FOUND; the policy's 403s (a role too low, and PROJECT_ACCESS_DENIED for removal) stand.
 */
export async function authorizedWebsite(
  principal: Principal,
  websiteId: string,
  action: ProjectAction,
): Promise<Website> {
  return authorizedInProject(
    principal,
    await getWebsite(websiteId),
    action,
    NotFound('WEBSITE_NOT_FOUND', 'No such website.'),
  );
}
