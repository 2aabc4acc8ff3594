import { interruptedByRestart } from '#core/interrupted-job';
import type { StoredJob } from '#core/job-record';
import type { JobType } from '#core/lanes';
import { jobStore } from '#jobs/job-services';
import type { Lane } from '#platform/lane-executions';
import { logError } from '#platform/log';
import { startLane } from './start-lane.ts';

const LANE_OF: Record<JobType, Lane> = {
  WEBSITE_SETUP: 'website-setup',
  FULL_SCRAPE: 'scrape',
  URL_SCRAPE: 'scrape',
  MATCHING: 'matching',
};

const NOT_RESUMED =
  'The job was interrupted because the service stopped while it ran, and could not be resumed. Please try again.';

const NOT_STARTED =
  'The job was approved but its run could not be started. Nothing was charged; please create the job again.';

export interface Resumption {
  resumed: string[];
  failed: string[];
}

/**
 * For a service whose lanes run in its own process (the local stack): after a restart, the lane of
 * every job the stopped process was running is started again, and resumes the job where it is; a
 * lane that cannot start ends its job FAILED, which releases its hold through the lane's own money
 * path (`startLane`). Run before the API answers, so no new job is taken for an interrupted one.
 */
export async function resumeInterruptedJobs(): Promise<Resumption> {
  const outcome: Resumption = { resumed: [], failed: [] };
  for (const job of await jobStore().open()) {
    if (!interruptedByRestart(job.status)) continue;
    try {
      await startLane(LANE_OF[job.job_type], job.job_id, NOT_RESUMED);
      outcome.resumed.push(job.job_id);
    } catch (error) {
      logError('could not resume an interrupted job', error, { jobId: job.job_id });
      outcome.failed.push(job.job_id);
    }
  }
  return outcome;
}

/**
 * For a service whose lanes run elsewhere (Step Functions in AWS), where a stop cannot be seen by a
 * restart: an approval commits its hold and the job's move to APPROVED in one write and then starts
 * the lane, so a function stopped between the two leaves an APPROVED job with its hold and no
 * execution. The sweeper starts the lane of every such job untouched for `graceMs` (longer than an
 * approval's request can take); the lane's start is named by the job, so an approval that was only
 * slow is not run twice. A lane that cannot start ends its job FAILED, releasing the hold. `openJobs`
 * is the sweep's one read of the unfinished jobs.
 */
export async function startStrandedApprovals(
  openJobs: readonly StoredJob[],
  graceMs: number,
  now: number = Date.now(),
): Promise<Resumption> {
  const outcome: Resumption = { resumed: [], failed: [] };
  for (const job of openJobs) {
    const stranded =
      job.status === 'APPROVED' && job.execution_arn === null && now - Date.parse(job.updated_at) >= graceMs;
    if (!stranded) continue;
    try {
      await startLane(LANE_OF[job.job_type], job.job_id, NOT_STARTED);
      outcome.resumed.push(job.job_id);
    } catch (error) {
      logError('could not start the lane of an approved job', error, { jobId: job.job_id });
      outcome.failed.push(job.job_id);
    }
  }
  return outcome;
}
