import type { StoredJob } from '#core/job-record';
import { publicJob } from '#core/public-job';
import { isMatchingJob, publicMatchingJob } from './matching-job.ts';
import { isScrapeJob, publicScrapeJob } from './scrape-job.ts';
import { publicSetupJob, type SetupJob } from './setup-job.ts';

/** A job as the interface shows it, with its lane's own fields. */
export function jobView(job: StoredJob) {
  if (job.job_type === 'WEBSITE_SETUP') return publicSetupJob(job as SetupJob);
  if (isMatchingJob(job)) return publicMatchingJob(job);
  return isScrapeJob(job) ? publicScrapeJob(job) : publicJob(job, []);
}
