import { publicJob, type StoredJob } from '#store/jobs';
import { publicSetupJob, type SetupJob } from './setup-job.ts';

/** A job as the interface shows it, with its lane's own fields. */
export function jobView(job: StoredJob) {
  return job.job_type === 'WEBSITE_SETUP' ? publicSetupJob(job as SetupJob) : publicJob(job, []);
}
