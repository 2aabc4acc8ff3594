import { publicJob, type StoredJob } from '#store/jobs';
import { isScrapeJob, publicScrapeJob } from './scrape-job.ts';
import { publicSetupJob, type SetupJob } from './setup-job.ts';

/** A job as the interface shows it, with its lane's own fields. */
export function jobView(job: StoredJob) {
  if (job.job_type === 'WEBSITE_SETUP') return publicSetupJob(job as SetupJob);
  return isScrapeJob(job) ? publicScrapeJob(job) : publicJob(job, []);
}
