import type { Job } from '#core/job-record';
import { websiteStore } from './website-services.ts';

/** Jobs whose website has been removed are left out of lists (the spec's GET /jobs/setup, /jobs/matching, /jobs/scraping). */
export async function withoutRemovedWebsites<J extends Job>(jobs: J[]): Promise<J[]> {
  const websiteIds = jobs.flatMap((job) => (job.website_id ? [job.website_id] : []));
  if (websiteIds.length === 0) return jobs;
  const existing = await websiteStore.existingIds(websiteIds);
  return jobs.filter((job) => !job.website_id || existing.has(job.website_id));
}
