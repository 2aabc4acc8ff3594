import type { ListPosition } from '#core/list-cursor';
import { jobStore } from '#jobs/job-services';
import type { JobPage } from '#jobs/job-store';
import type { ScrapeFields } from '#jobs/scrape-job';
import { withoutRemovedWebsites } from '#websites/without-removed-websites';

/** A project's scrape jobs, FULL and URL (or one website's), newest first; those of removed websites left out. */
export function listScrapeJobs(
  projectId: string,
  options: { limit: number; websiteId?: string; after?: ListPosition },
): Promise<JobPage<ScrapeFields>> {
  return jobStore().list<ScrapeFields>(projectId, 'SCRAPING', { ...options, keep: withoutRemovedWebsites });
}
