import { isFinal } from '#core/lanes';
import { Conflict, NotFound } from '#core/problem';
import { jobStore } from '#jobs/job-services';
import type { SetupJob } from '#jobs/setup-job';

/**
 * Removes a setup job that never found a website (spec rule 6). A running job cannot be removed,
 * and a job with a website is removed by removing its website.
 */
export async function removeSetupJob(job: SetupJob): Promise<void> {
  if (!isFinal(job.status)) {
    throw Conflict('JOB_RUNNING', 'The setup job is still running; cancel it first.');
  }
  if (job.website_id) {
    throw Conflict('JOB_HAS_WEBSITE', 'The setup job has a website; remove the website instead.');
  }
  if (!(await jobStore().deleteFinished(job)) && !(await jobStore().get(job.job_id))) {
    throw NotFound('JOB_NOT_FOUND', 'No such job.');
  }
}
