import type { JobFailure, StoredJob } from '#core/job-record';
import { type ExecutionState, strandedRun } from '#core/stranded-job';
import { laneExecutions } from '#platform/lane-services';
import { logError } from '#platform/log';
import { failUntouchedJob } from './end-job.ts';

/** What the user reads: the run stopped on our side; an unsettled job's hold is given back. */
export const STRANDED_RUN: JobFailure = {
  error:
    'The job stopped because our service could not carry it on (an outage outlasted its retries). Nothing was charged for work not delivered; please try again.',
  error_code: null,
  contact_reason: null,
};

/**
 * For lanes that run elsewhere (Step Functions in AWS): a lane ends its job on every failure it
 * catches, but an outage that outlasts the lane's retries, or of its own failure path, ends the
 * execution and leaves the job in a running state with its hold. The sweeper ends FAILED every job
 * whose execution has ended or cannot be found and that has had no move or progress for `waitMs`,
 * through the conditional move that any later write of the job would have broken (so `openJobs`, the
 * sweep's one read of the unfinished jobs, may be older than a step before it). Returns the ids of
 * the jobs it ended; a job it could not check is left for the next sweep.
 */
export async function endStrandedRuns(
  openJobs: readonly StoredJob[],
  waitMs: number,
  now: number = Date.now(),
): Promise<string[]> {
  const ended: string[] = [];
  for (const job of openJobs) {
    const untouchedMs = now - Date.parse(job.updated_at);
    const facts = { status: job.status, hasExecution: job.execution_arn !== null, untouchedMs };
    // A job quiet for less than the wait is left without asking Step Functions about it.
    if (!strandedRun({ ...facts, execution: 'UNKNOWN' }, waitMs)) continue;
    try {
      const execution: ExecutionState = job.execution_arn
        ? await laneExecutions().state(job.execution_arn)
        : 'UNKNOWN';
      if (!strandedRun({ ...facts, execution }, waitMs)) continue;
      if (await failUntouchedJob(job, STRANDED_RUN)) ended.push(job.job_id);
    } catch (error) {
      logError('could not end a stranded job', error, { jobId: job.job_id });
    }
  }
  return ended;
}
