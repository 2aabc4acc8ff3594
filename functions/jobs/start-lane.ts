import { jobStore } from '#jobs/job-services';
import type { Lane } from '#platform/lane-executions';
import { laneExecutions } from '#platform/lane-services';
import { failJob } from './end-job.ts';

/**
 * Starts the lane execution of a job and records its ARN, so a cancel can stop it. A start that
 * fails fails the job with `failure` (what the caller tells the user; nothing was charged, the
 * ending releases any hold) and throws on.
 */
export async function startLane(lane: Lane, jobId: string, failure: string): Promise<void> {
  try {
    const executionArn = await laneExecutions().start(lane, jobId, { job_id: jobId });
    await jobStore().setExecutionArn(jobId, executionArn);
  } catch (error) {
    await failJob(jobId, { error: failure, error_code: null, contact_reason: null });
    throw error;
  }
}
