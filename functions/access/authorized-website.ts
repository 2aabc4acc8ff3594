import { NotFound } from '#core/problem';
import type { RouteGuard } from '#core/route-guard';
import { getWebsite, type Website } from '#store/websites';
import { authorizedInProject } from './authorized-in-project.ts';

/**
 * The website, when the caller may do the route's action in its project. One the caller cannot see is 404
 * WEBSITE_NOT_FOUND; the policy's 403s (a role too low, and PROJECT_ACCESS_DENIED for removal) stand.
 */
export async function authorizedWebsite(guard: RouteGuard, websiteId: string): Promise<Website> {
  return authorizedInProject(
    guard,
    await getWebsite(websiteId),
    NotFound('WEBSITE_NOT_FOUND', 'No such website.'),
  );
}
