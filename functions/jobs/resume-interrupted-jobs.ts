import { afterRestart } from '#core/interrupted-job';
import type { JobFailure } from '#core/job-record';
import type { JobType } from '#core/lanes';
import type { Lane } from '#platform/lane-executions';
import { logError } from '#platform/log';
import { jobStore } from '#store/job-store';
import { failJob } from './end-job.ts';
import { startLane } from './start-lane.ts';

const LANE_OF: Record<JobType, Lane> = {
  WEBSITE_SETUP: 'website-setup',
  FULL_SCRAPE: 'scrape',
  URL_SCRAPE: 'scrape',
  MATCHING: 'matching',
};

const INTERRUPTED: JobFailure = {
  error: 'The job was interrupted because the service stopped while it ran. Please try again.',
  error_code: null,
  contact_reason: null,
};

const NOT_RESUMED =
  'The job was interrupted because the service stopped, and could not be resumed. Please try again.';

export interface Resumption {
  resumed: string[];
  failed: string[];
}

/**
 * For a service whose lanes run in its own process (the local stack): after a restart, every job the
 * stopped process was running is resumed or ended FAILED (`afterRestart`), so none stays in a running
 * status and every hold ends through the lane's own money path. Run before the API answers, so no new
 * job is mistaken for an interrupted one. One job that cannot be resumed does not stop the others.
 */
export async function resumeInterruptedJobs(): Promise<Resumption> {
  const outcome: Resumption = { resumed: [], failed: [] };
  for (const job of await jobStore().open()) {
    const action = afterRestart(job.job_type, job.status);
    try {
      if (action === 'RESUME') {
        await startLane(LANE_OF[job.job_type], job.job_id, NOT_RESUMED);
        outcome.resumed.push(job.job_id);
      } else if (action === 'FAIL') {
        await failJob(job.job_id, INTERRUPTED);
        outcome.failed.push(job.job_id);
      }
    } catch (error) {
      logError('could not resume or fail an interrupted job', error, { jobId: job.job_id });
    }
  }
  return outcome;
}
