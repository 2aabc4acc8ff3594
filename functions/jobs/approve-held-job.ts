import type { HoldWrites } from '#billing/ledger-store';
import type { Job, JobInternals, StoredJob } from '#core/job-record';
import { Conflict } from '#core/problem';
import { jobStore } from '#jobs/job-services';
import type { Lane } from '#platform/lane-executions';
import { JointWriteRefused } from '#store/joint-write';
import { releaseLeftoverHold } from './release-stale-holds.ts';
import { startLane } from './start-lane.ts';

/** 409 for a job that is not, or no longer, awaiting approval. */
export const notAwaiting = (job: Pick<Job, 'status'>) =>
  Conflict(
    'JOB_NOT_AWAITING_APPROVAL',
    `A job in status ${job.status} cannot be approved: only a job awaiting approval can.`,
  );

/**
 * The end of an approval: holds the job's cap (`hold`, the ledger's writes), records who approved it
 * and when (with `set`) and moves it to APPROVED, all in one transaction, so a stop of the service
 * cannot leave a hold on a job still awaiting approval, nor an approved job without its hold. Then
 * starts its lane, with `startFailure` as the problem when the lane cannot start; a stop before
 * that leaves an APPROVED job that the restart's resumption (local) starts. When another write came
 * first the approval is 409 and nothing was held; when the hold's conditions refused it, 402 or 403.
 * A hold an older two-step approval left on the job is given back first, never taken as this one.
 */
export async function approveHeldJob<Extra extends object>(
  job: StoredJob<Extra>,
  approvedBy: string,
  hold: HoldWrites,
  lane: Lane,
  startFailure: string,
  set: Partial<Job & JobInternals & Extra> = {},
): Promise<StoredJob<Extra>> {
  await releaseLeftoverHold(job);
  let approved: StoredJob<Extra> | null;
  try {
    approved = await jobStore().move<Extra>(job, 'APPROVED', {
      set: { ...set, approval: { approved_by: approvedBy, approved_at: new Date().toISOString() } },
      also: hold.writes,
    });
  } catch (error) {
    if (!(error instanceof JointWriteRefused)) throw error;
    throw (await hold.refusal()) ?? error;
  }
  if (!approved) throw notAwaiting((await jobStore().get<Extra>(job.job_id)) ?? job);
  await startLane(lane, approved.job_id, startFailure);
  return approved;
}
