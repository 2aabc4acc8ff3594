import type { StoredJob } from '#core/job-record';
import { isMatchingJob, publicMatchingJob } from './matching-job.ts';
import { publicScrapeJob, type ScrapeJob } from './scrape-job.ts';
import { publicSetupJob, type SetupJob } from './setup-job.ts';

/** A job as the interface shows it, with its lane's own fields. */
export function jobView(job: StoredJob) {
  if (job.job_type === 'WEBSITE_SETUP') return publicSetupJob(job as SetupJob);
  if (isMatchingJob(job)) return publicMatchingJob(job);
  // FULL_SCRAPE and URL_SCRAPE are the job types left.
  return publicScrapeJob(job as ScrapeJob);
}
