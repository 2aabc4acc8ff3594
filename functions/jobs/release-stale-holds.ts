import { ledger } from '#billing/ledger-services';
import type { StoredJob } from '#core/job-record';
import { staleHoldAction } from '#core/stranded-job';
import { jobStore } from '#jobs/job-services';
import { logError } from '#platform/log';
import { afterJobEnded } from './end-job.ts';

/**
 * Gives back the hold an older two-step approval left on a job that still awaits its approval (it
 * held, then stopped before its move), only while the job still waits: an approval that wins the
 * race has placed the job's own hold under the same id, which must stay. True when it was released.
 */
export async function releaseLeftoverHold(job: StoredJob): Promise<boolean> {
  return ledger.releaseHold(job.customer_id, job.job_id, [
    jobStore().stillIn(job.job_id, 'AWAITING_APPROVAL'),
  ]);
}

/**
 * Closes the open holds no job will close (the restart's and the sweeper's): an older approval's
 * hold on a job still awaiting approval, or a hold whose job has been gone for `goneJobWaitMs`, is
 * given back; the hold of a job that has ended is settled by that job's own ending (charged when it
 * was settled, released otherwise), once, since every money write is conditioned on the hold being
 * open. Returns the holds closed.
 */
export async function releaseStaleHolds(options: {
  /** The unfinished jobs, as the sweep (or the restart) read them once. */
  openJobs: readonly StoredJob[];
  /** How old a hold whose job is gone must be to be given back. */
  goneJobWaitMs: number;
  /** When to stop indexing older holds (the sweeper's time). */
  deadline?: number;
  now?: number;
}): Promise<string[]> {
  const { openJobs, goneJobWaitMs, deadline, now = Date.now() } = options;
  const closed: string[] = [];
  const attempt = async (holdId: string, close: () => Promise<boolean>) => {
    try {
      if (await close()) closed.push(holdId);
    } catch (error) {
      logError('could not close a stale hold', error, { holdId });
    }
  };
  let indexed = false;
  try {
    indexed = await ledger.indexOlderHolds(deadline);
  } catch (error) {
    // The pass goes on from where it stopped at the next sweep; the holds indexed so far are read now.
    logError('could not index older holds', error);
  }
  // Holds from before holds were indexed, until the pass that indexes them has read the whole table,
  // are found by the job still waiting for its approval; once it has, every hold is in the index.
  if (!indexed)
    for (const job of openJobs) {
      if (job.status === 'AWAITING_APPROVAL') await attempt(job.job_id, () => releaseLeftoverHold(job));
    }
  for (const hold of await ledger.openHolds()) {
    await attempt(hold.holdId, async () => {
      const job = await jobStore().get(hold.jobId);
      const action = staleHoldAction(job, now - Date.parse(hold.placedAt), goneJobWaitMs);
      if (action === 'KEEP') return false;
      if (job && action === 'SETTLE') {
        await afterJobEnded(job);
        return true;
      }
      const onlyIf = job ? [jobStore().stillIn(job.job_id, 'AWAITING_APPROVAL')] : [];
      return ledger.releaseHold(hold.customerId, hold.holdId, onlyIf);
    });
  }
  return closed;
}
