import { NotFound } from '#core/problem';
import type { RouteGuard } from '#core/route-guard';
import { authorizedJob } from './authorized-job.ts';
import { isScrapeJob, type ScrapeFields, type ScrapeJob } from './scrape-job.ts';

/** A FULL or URL scrape job the caller may do the route's action on; any other job is 404 JOB_NOT_FOUND. */
export async function authorizedScrapeJob(guard: RouteGuard, jobId: string): Promise<ScrapeJob> {
  const job = await authorizedJob<ScrapeFields>(guard, jobId);
  if (!isScrapeJob(job)) throw NotFound('JOB_NOT_FOUND', 'No such job.');
  return job;
}
