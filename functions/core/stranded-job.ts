import { interruptedByRestart } from './interrupted-job.ts';
import { isFinal, type JobStatus } from './lanes.ts';

/**
 * What the lane port knows of a job's execution: still running, ended (succeeded, failed, timed out
 * or aborted), or unknown (none recorded, or one the port cannot see: gone from Step Functions'
 * history, or run by another process of the local stack).
 */
export type ExecutionState = 'RUNNING' | 'ENDED' | 'UNKNOWN';

export interface RunFacts {
  status: JobStatus;
  /** Whether the job records the execution that runs it. */
  hasExecution: boolean;
  execution: ExecutionState;
  /** Time since the job's last move or progress write. */
  untouchedMs: number;
}

/**
 * Whether a job a lane should be running has been left with nothing to end it: its execution has
 * ended, or none can be seen, and it has not been touched for `waitMs` (longer than a lane task may
 * run, so a task of a stopped execution that is still finishing has written its last). A running
 * execution ends its job itself (every lane state catches into FailJob). An approved job without an
 * execution is not one: the sweeper starts its lane instead.
 */
export function strandedRun(facts: RunFacts, waitMs: number): boolean {
  if (!interruptedByRestart(facts.status) || facts.execution === 'RUNNING') return false;
  if (facts.status === 'APPROVED' && !facts.hasExecution) return false;
  return facts.untouchedMs >= waitMs;
}

/**
 * What becomes of an open credit hold, by the job it was placed for: kept while the job may still
 * charge it; given back when the job still awaits its approval (an older two-step approval stopped
 * between its hold and its move), or is gone and the hold is older than `waitMs` (a setup places
 * its hold just after writing its job); settled by the job's own ending (charged when it was
 * settled, released otherwise) when the job has ended.
 */
export type StaleHoldAction = 'KEEP' | 'RELEASE' | 'SETTLE';

export function staleHoldAction(
  job: { status: JobStatus } | null,
  heldMs: number,
  waitMs: number,
): StaleHoldAction {
  if (!job) return heldMs >= waitMs ? 'RELEASE' : 'KEEP';
  if (job.status === 'AWAITING_APPROVAL') return 'RELEASE';
  return isFinal(job.status) ? 'SETTLE' : 'KEEP';
}
