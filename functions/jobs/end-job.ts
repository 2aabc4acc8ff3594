import { freeAllowances } from '#billing/ledger-services';
import { settleScrapeHold } from '#billing/scrape-billing';
import { analysisEndingWrites, settleAnalysisHold } from '#billing/setup-billing';
import type { JobFailure, StoredJob } from '#core/job-record';
import { decide, isFinal, type JobStatus, type Refusal } from '#core/lanes';
import { jobStore } from '#jobs/job-services';
import { laneExecutions } from '#platform/lane-services';
import { logError } from '#platform/log';
import type { JointWrite } from '#store/joint-write';
import { announceJob } from './job-events.ts';
import { isMatchingJob } from './matching-job.ts';
import { isScrapeJob } from './scrape-job.ts';
import type { SetupJob } from './setup-job.ts';

/** A lane's own writes in the transaction that ends one of its jobs. */
function laneEndingWrites(job: StoredJob, to: JobStatus): JointWrite[] {
  if (job.job_type === 'WEBSITE_SETUP') return analysisEndingWrites(job as SetupJob, to);
  // A failed sample gives the project its free sample back.
  if (isMatchingJob(job) && job.sample && to === 'FAILED')
    return [freeAllowances.giveSampleBack(job.project_id, job.job_id)];
  return [];
}

/** A lane's idempotent follow-ups of an ended job (holds charged or released). */
export async function afterJobEnded(job: StoredJob): Promise<void> {
  if (job.job_type === 'WEBSITE_SETUP') await settleAnalysisHold(job as SetupJob);
  else if (isScrapeJob(job) || isMatchingJob(job)) await settleScrapeHold(job);
}

/**
 * Lane moves are finite, so re-reading after a lost race ends within a few rounds; the bound turns a
 * bug into an error instead of a spin.
 */
const MAX_RACES = 10;

/**
 * Ends a job FAILED with its error. Idempotent: for a job that has already ended (a retried fail
 * task, or a cancel that won) only the follow-ups are run again. Returns null for an unknown job.
 */
export async function failJob(jobId: string, failure: JobFailure): Promise<StoredJob | null> {
  for (let race = 0; race < MAX_RACES; race++) {
    const job = await jobStore().get(jobId);
    if (!job) return null;
    if (isFinal(job.status)) {
      await afterJobEnded(job);
      return job;
    }
    const failed = await jobStore().move(job, 'FAILED', {
      set: failure,
      also: laneEndingWrites(job, 'FAILED'),
    });
    if (failed) {
      await afterJobEnded(failed);
      await announceJob(failed);
      return failed;
    }
  }
  throw new Error(`Job ${jobId} kept moving while being failed`);
}

/**
 * Ends FAILED a job found with nothing left to end it (the sweeper's stranded runs), only if it is
 * still as it was read: a move or a progress write since then means something still runs it. Of
 * racing sweeps one wins the move, so the hold is released (or a settled job charged) once. Returns
 * the failed job, or null when it had been touched.
 */
export async function failUntouchedJob(read: StoredJob, failure: JobFailure): Promise<StoredJob | null> {
  const failed = await jobStore().move(read, 'FAILED', {
    set: failure,
    also: laneEndingWrites(read, 'FAILED'),
    unchangedSinceRead: true,
  });
  if (!failed) return null;
  await afterJobEnded(failed);
  await announceJob(failed);
  return failed;
}

export type StopOutcome = { stopped: StoredJob } | { refused: Refusal; job: StoredJob };

/**
 * Cancels a job (the user's cancel, or the sweeper's expiry of an idle one) by the lane table, then
 * stops its execution and releases what it held. With `onlyIfUntouched`, the job is ended only if it
 * has not been touched since it was read.
 */
export async function stopJob(
  read: StoredJob,
  trigger: 'CANCEL' | 'EXPIRE',
  options: { onlyIfUntouched?: boolean } = {},
): Promise<StopOutcome> {
  let job = read;
  for (let race = 0; race < MAX_RACES; race++) {
    const decision = decide(job.job_type, job.status, trigger);
    if (!decision.moved) return { refused: decision.refusal, job };
    const stopped = await jobStore().move(job, decision.to, {
      also: laneEndingWrites(job, decision.to),
      unchangedSinceRead: options.onlyIfUntouched,
    });
    if (stopped) {
      await stopExecution(stopped);
      await afterJobEnded(stopped);
      await announceJob(stopped);
      return { stopped };
    }
    const current = await jobStore().get(job.job_id);
    if (!current) return { refused: 'NO_SUCH_MOVE', job };
    // An expiry must not cancel a job that was touched after it was found idle.
    if (options.onlyIfUntouched) return { refused: 'NO_SUCH_MOVE', job: current };
    job = current;
  }
  throw new Error(`Job ${read.job_id} kept moving while being cancelled`);
}

async function stopExecution(job: StoredJob): Promise<void> {
  if (!job.execution_arn) return;
  try {
    await laneExecutions().stop(job.execution_arn, `Job ${job.status.toLowerCase()}`);
  } catch (error) {
    // The job has ended either way: every later write of its tasks is conditioned on its old status.
    logError('could not stop the execution of an ended job', error, { jobId: job.job_id });
  }
}
