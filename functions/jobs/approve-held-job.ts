import { ledger } from '#billing/ledger-services';
import type { Job, JobInternals, StoredJob } from '#core/job-record';
import { Conflict } from '#core/problem';
import type { Lane } from '#platform/lane-executions';
import { jobStore } from '#store/job-store';
import { startLane } from './start-lane.ts';

/** 409 for a job that is not, or no longer, awaiting approval. */
export const notAwaiting = (job: Pick<Job, 'status'>) =>
  Conflict(
    'JOB_NOT_AWAITING_APPROVAL',
    `A job in status ${job.status} cannot be approved: only a job awaiting approval can.`,
  );

/**
 * The end of an approval once the job's cap is held: records who approved it and when (with `set`),
 * moves it to APPROVED and starts its lane, with `startFailure` as the problem when the lane cannot
 * start. When another write came first the approval is 409, and the hold is the job's: a racing
 * approval that won keeps it; a cancel or expiry that won had released it before this hold was
 * placed, so it is given back here.
 */
export async function approveHeldJob<Extra extends object>(
  job: StoredJob<Extra>,
  approvedBy: string,
  lane: Lane,
  startFailure: string,
  set: Partial<Job & JobInternals & Extra> = {},
): Promise<StoredJob<Extra>> {
  const approved = await jobStore().move<Extra>(job, 'APPROVED', {
    set: { ...set, approval: { approved_by: approvedBy, approved_at: new Date().toISOString() } },
  });
  if (!approved) {
    const current = (await jobStore().get<Extra>(job.job_id)) ?? job;
    if (current.status !== 'APPROVED' && current.approval === null) {
      await ledger.releaseHold(job.customer_id, job.job_id);
    }
    throw notAwaiting(current);
  }
  await startLane(lane, approved.job_id, startFailure);
  return approved;
}
