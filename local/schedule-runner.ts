import { setting } from '#platform/config';
import { handler } from '#tasks/run-schedules';
import { runOnTimer } from './run-on-timer.ts';

/**
 * The local stand-in for the EventBridge rule of the schedule runner: the same task handler, on a
 * timer of `SCHEDULE_RUN_INTERVAL_SECONDS`. Tests that need a run at a due time call the handler
 * with that time instead of waiting for it.
 */
export async function startScheduleRunner(): Promise<{ stop(): Promise<void> }> {
  return runOnTimer('schedule runner', setting('SCHEDULE_RUN_INTERVAL_SECONDS'), () => handler());
}
