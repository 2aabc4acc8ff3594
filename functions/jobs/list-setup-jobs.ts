import type { Job } from '#core/job-record';
import type { ListPosition } from '#core/list-cursor';
import { type JobPage, jobStore } from '#store/job-store';
import { websiteStore } from '#websites/website-services';
import type { SetupFields } from './setup-job.ts';

/** Jobs whose website has been removed are left out of lists (the spec's GET /jobs/setup). */
export async function withoutRemovedWebsites<J extends Job>(jobs: J[]): Promise<J[]> {
  const websiteIds = jobs.flatMap((job) => (job.website_id ? [job.website_id] : []));
  if (websiteIds.length === 0) return jobs;
  const existing = await websiteStore.existingIds(websiteIds);
  return jobs.filter((job) => !job.website_id || existing.has(job.website_id));
}

/** A project's setup jobs (or one website's), newest first. */
export function listSetupJobs(
  projectId: string,
  options: { limit: number; websiteId?: string; after?: ListPosition },
): Promise<JobPage<SetupFields>> {
  return jobStore().list<SetupFields>(projectId, 'SETUP', { ...options, keep: withoutRemovedWebsites });
}
