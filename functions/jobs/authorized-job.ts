import { authorizedInProject } from '#accounts/authorized-in-project';
import type { StoredJob } from '#core/job-record';
import { NotFound } from '#core/problem';
import type { RouteGuard } from '#core/route-guard';
import { jobStore } from '#jobs/job-services';

/**
 * The job, when the caller may do the route's action in its project. A job the caller cannot see (no job,
 * one of another type, or a project it has no access to) is 404 JOB_NOT_FOUND, so job ids reveal
 * nothing of other projects; a role too low is the policy's 403.
 */
export async function authorizedJob<Extra extends object = object>(
  guard: RouteGuard,
  jobId: string,
  jobType?: StoredJob['job_type'],
): Promise<StoredJob<Extra>> {
  const job = await jobStore().get<Extra>(jobId);
  const ofType = job && (!jobType || job.job_type === jobType) ? job : null;
  return authorizedInProject(guard, ofType, NotFound('JOB_NOT_FOUND', 'No such job.'));
}
