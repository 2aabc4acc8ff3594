import type { Principal } from '#core/access-policy';
import { BadRequest } from '#core/problem';

/**
 * The project of `GET /exports/{dataset}`: the spec lets a PROJECT key leave `project_id` out (the
 * key's project is meant); other keys must name it. A PROJECT key naming another project gets that
 * project checked, and so the policy's 404 PROJECT_NOT_FOUND.
 */
export function downloadProjectId(principal: Principal, projectId: string | undefined): string {
  const named = projectId ?? principal.projectId;
  if (named === null)
    throw BadRequest(
      'PROJECT_ID_REQUIRED',
      'project_id is required unless the API key is scoped to one project.',
    );
  return named;
}
