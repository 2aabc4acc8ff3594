import type { Principal, ProjectAction } from '#core/access-policy';
import { NotFound } from '#core/problem';
import { isScrapeJob, type ScrapeFields, type ScrapeJob } from '#jobs/scrape-job';
import { authorizedJob } from './authorized-job.ts';

/** A FULL or URL scrape job the caller may do the action on; any other job is 404 JOB_NOT_FOUND. */
export async function authorizedScrapeJob(
  principal: Principal,
  jobId: string,
  action: ProjectAction,
): Promise<ScrapeJob> {
  const job = await authorizedJob<ScrapeFields>(principal, jobId, action);
  if (!isScrapeJob(job)) throw NotFound('JOB_NOT_FOUND', 'No such job.');
  return job;
}
