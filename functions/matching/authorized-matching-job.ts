import type { RouteGuard } from '#core/route-guard';
import { authorizedJob } from '#jobs/authorized-job';
import type { MatchingFields, MatchingJob } from '#jobs/matching-job';

/** A matching job the caller may do the route's action on; any other job is 404 JOB_NOT_FOUND. */
export const authorizedMatchingJob = (guard: RouteGuard, jobId: string): Promise<MatchingJob> =>
  authorizedJob<MatchingFields>(guard, jobId, 'MATCHING');
