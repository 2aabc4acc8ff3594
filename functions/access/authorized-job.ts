import { type Principal, type ProjectAction, projectAccessProblem } from '#core/access-policy';
import type { StoredJob } from '#core/job-record';
import { NotFound } from '#core/problem';
import { jobStore } from '#store/job-store';
import { projectFacts } from '#store/projects';

/**
 * The job, when the caller may do the action in its project. A job the caller cannot see (no job,
 * or a project it has no access to) is 404 JOB_NOT_FOUND, so job ids reveal nothing of other
 * projects; a role too low is the policy's 403.
 */
export async function authorizedJob<Extra extends object = object>(
  principal: Principal,
  jobId: string,
  action: ProjectAction,
  jobType?: StoredJob['job_type'],
): Promise<StoredJob<Extra>> {
  const job = await jobStore().get<Extra>(jobId);
  const notFound = NotFound('JOB_NOT_FOUND', 'No such job.');
  if (!job || (jobType && job.job_type !== jobType)) throw notFound;
  const problem = projectAccessProblem(
    principal,
    await projectFacts(principal.userId, job.project_id),
    action,
  );
  if (problem) throw problem.status === 404 ? notFound : problem;
  return job;
}
