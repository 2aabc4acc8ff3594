import { setting } from '#platform/config';
import { handler } from '#tasks/sweep-idle-jobs';
import { runOnTimer } from './run-on-timer.ts';

/**
 * The local stand-in for the EventBridge schedule of the idle-job sweeper: the same task handler, on
 * a timer. `JOB_SWEEP_INTERVAL_SECONDS` (and the task's `JOB_IDLE_LIMIT_SECONDS`) let a test expire
 * jobs within seconds.
 */
export async function startIdleSweeper(): Promise<{ stop(): Promise<void> }> {
  return runOnTimer('idle sweep', setting('JOB_SWEEP_INTERVAL_SECONDS'), () => handler());
}
