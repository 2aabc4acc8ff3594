import type { ListPosition } from '#core/list-cursor';
import { jobStore } from '#jobs/job-services';
import type { JobPage } from '#jobs/job-store';
import type { SetupFields } from '#jobs/setup-job';
import { withoutRemovedWebsites } from '#websites/without-removed-websites';

/** A project's setup jobs (or one website's), newest first. */
export function listSetupJobs(
  projectId: string,
  options: { limit: number; websiteId?: string; after?: ListPosition },
): Promise<JobPage<SetupFields>> {
  return jobStore().list<SetupFields>(projectId, 'SETUP', { ...options, keep: withoutRemovedWebsites });
}
