import type { Principal, ProjectAction } from '#core/access-policy';
import type { MatchingFields, MatchingJob } from '#jobs/matching-job';
import { authorizedJob } from './authorized-job.ts';

/** A matching job the caller may do the action on; any other job is 404 JOB_NOT_FOUND. */
export const authorizedMatchingJob = (
  principal: Principal,
  jobId: string,
  action: ProjectAction,
): Promise<MatchingJob> => authorizedJob<MatchingFields>(principal, jobId, action, 'MATCHING');
