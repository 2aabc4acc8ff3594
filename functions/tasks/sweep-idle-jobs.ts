import type { Context } from 'aws-lambda';
import { endStrandedRuns } from '#jobs/end-stranded-runs';
import { expireIdleJobs } from '#jobs/expire-idle-jobs';
import { jobStore } from '#jobs/job-services';
import { recordHeldHistory } from '#jobs/record-held-history';
import { releaseStaleHolds } from '#jobs/release-stale-holds';
import { startStrandedApprovals } from '#jobs/resume-interrupted-jobs';
import { matchingReads } from '#matching/matching-services';
import { onFirstUse, setting } from '#platform/config';
import { logInfo } from '#platform/log';
import { startHeldRounds } from '#webhooks/webhook-events';

/** Held work is finished until this long before the function's timeout; the next sweep takes the rest. */
const SAFETY_MS = 60_000;

/** The design: an unapproved job idle 14 days is cancelled; a stage or a test may set another limit. */
const idleLimitSeconds = onFirstUse(() => setting('JOB_IDLE_LIMIT_SECONDS'));

/**
 * An approved job without a lane execution this long after its approval was stranded by a stop
 * between the approval's write and the lane's start (an approval's request ends within API
 * Gateway's 30 s; 5 minutes by default).
 */
const strandedApprovalSeconds = onFirstUse(() => setting('JOB_STRANDED_APPROVAL_SECONDS'));

/** A running job whose execution is gone and that has not moved for this long has nothing left to end it. */
const strandedRunSeconds = onFirstUse(() => setting('JOB_STRANDED_RUN_SECONDS'));

/**
 * Run by the EventBridge schedule in AWS and by the local stack's timer: expires idle jobs, starts
 * the lanes of approved jobs a stop left without one, ends FAILED the running jobs whose execution
 * is gone, closes the holds no job will close, and finishes the work steps had to hold: the price
 * history finished scrapes could not write, and the webhook delivery rounds whose lane could not
 * be started. The unfinished jobs are read once and handed to each step: every write a step makes
 * is conditioned on the job as read, so a job an earlier step moved is left alone by the later ones.
 */
export async function handler(
  _event: unknown = {},
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<{
  expired: string[];
  approvals_started: string[];
  runs_ended: string[];
  holds_closed: string[];
  history_recorded: string[];
  delivery_rounds_started: string[];
}> {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - SAFETY_MS : undefined;
  const openJobs = await jobStore().open();
  const expired = await expireIdleJobs(openJobs, idleLimitSeconds() * 1000);
  if (expired.length > 0) logInfo('expired idle jobs', { jobIds: expired });
  const stranded = await startStrandedApprovals(openJobs, strandedApprovalSeconds() * 1000);
  if (stranded.resumed.length + stranded.failed.length > 0)
    logInfo('started stranded approvals', { started: stranded.resumed, failed: stranded.failed });
  const runsEnded = await endStrandedRuns(openJobs, strandedRunSeconds() * 1000);
  if (runsEnded.length > 0) logInfo('ended stranded runs', { jobIds: runsEnded });
  const holdsClosed = await releaseStaleHolds({
    openJobs,
    goneJobWaitMs: strandedRunSeconds() * 1000,
    deadline,
  });
  if (holdsClosed.length > 0) logInfo('closed stale holds', { holdIds: holdsClosed });
  const recorded = await recordHeldHistory(matchingReads, deadline);
  if (recorded.length > 0) logInfo('recorded held price history', { jobIds: recorded });
  const rounds = await startHeldRounds(deadline);
  if (rounds.length > 0) logInfo('started held webhook delivery rounds', { rounds });
  return {
    expired,
    approvals_started: stranded.resumed,
    runs_ended: runsEnded,
    holds_closed: holdsClosed,
    history_recorded: recorded,
    delivery_rounds_started: rounds,
  };
}
