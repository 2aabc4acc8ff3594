import { authorizedInProject } from '#accounts/authorized-in-project';
import { NotFound } from '#core/problem';
import type { RouteGuard } from '#core/route-guard';
import type { Website } from './website.ts';
import { websiteStore } from './website-services.ts';

/**
 * The website, when the caller may do the route's action in its project. One the caller cannot see is 404
 * WEBSITE_NOT_FOUND; the policy's 403s (a role too low, and PROJECT_ACCESS_DENIED for removal) stand.
 */
export async function authorizedWebsite(guard: RouteGuard, websiteId: string): Promise<Website> {
  return authorizedInProject(
    guard,
    await websiteStore.get(websiteId),
    NotFound('WEBSITE_NOT_FOUND', 'No such website.'),
  );
}
