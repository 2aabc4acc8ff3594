import { jobStore } from '#store/job-store';
import { withoutRemovedWebsites } from './list-setup-jobs.ts';
import type { MatchingFields, MatchingJob } from './matching-job.ts';

/** A project's matching jobs, newest first; those of a removed reference website left out. */
export function listMatchingJobs(projectId: string, options: { limit: number }): Promise<MatchingJob[]> {
  return jobStore().list<MatchingFields>(projectId, 'MATCHING', { ...options, keep: withoutRemovedWebsites });
}
