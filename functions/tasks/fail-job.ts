import type { JobFailure } from '#core/job-record';
import { failJob } from '#jobs/end-job';
import { STORAGE_UNAVAILABLE_ERROR } from '#jobs/lane-task';
import { logError } from '#platform/log';

/**
 * The lanes' failure path: a Choice state passes the failure the work reported (`failure`), a Catch
 * passes the error it caught (`error`: Error and Cause, the Cause being Lambda's JSON in AWS).
 */
export interface FailJobInput {
  job_id: string;
  failure?: JobFailure;
  error?: { Error?: string; Cause?: string };
}

/** What the user reads when the failure was ours, not the website's; the cause goes to the log only. */
const UNEXPECTED: JobFailure = {
  error: 'The job failed because of an error on our side. Please try again, or contact support.',
  error_code: null,
  contact_reason: null,
};

/** What the user reads when DynamoDB or the bucket could not serve while the job ran. */
const STORAGE_UNAVAILABLE: JobFailure = {
  error:
    'The job failed because our storage was unavailable while it ran; nothing was charged for work not delivered. Please try again.',
  error_code: null,
  contact_reason: null,
};

/** The failure the user reads: the one the work reported, or what the caught error says of us. */
function failureOf(input: FailJobInput): JobFailure {
  if (input.failure) return input.failure;
  return input.error?.Error === STORAGE_UNAVAILABLE_ERROR ? STORAGE_UNAVAILABLE : UNEXPECTED;
}

export async function handler(input: FailJobInput): Promise<{ job_id: string; status: string | null }> {
  if (!input.failure) {
    logError('job failed unexpectedly', new Error(input.error?.Cause ?? 'no cause'), {
      jobId: input.job_id,
      errorName: input.error?.Error,
    });
  }
  const job = await failJob(input.job_id, failureOf(input));
  return { job_id: input.job_id, status: job?.status ?? null };
}
