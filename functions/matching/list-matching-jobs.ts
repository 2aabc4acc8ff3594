import type { ListPosition } from '#core/list-cursor';
import { jobStore } from '#jobs/job-services';
import type { JobPage } from '#jobs/job-store';
import type { MatchingFields } from '#jobs/matching-job';
import { withoutRemovedWebsites } from '#websites/without-removed-websites';

/** A project's matching jobs, newest first; those of a removed reference website left out. */
export function listMatchingJobs(
  projectId: string,
  options: { limit: number; after?: ListPosition },
): Promise<JobPage<MatchingFields>> {
  return jobStore().list<MatchingFields>(projectId, 'MATCHING', { ...options, keep: withoutRemovedWebsites });
}
