import type { Context } from 'aws-lambda';
import { logInfo } from '#platform/log';
import { runDueSchedules } from '#schedules/run-due-schedules';

/** Runs are started until this long before the function's timeout; the next tick takes the rest. */
const SAFETY_MS = 60_000;

/**
 * Run by the EventBridge rule in AWS (every 5 minutes) and by the local stack's timer. The event's
 * `time` is the tick's scheduled time, so a retried delivery claims the same due runs, which are
 * made once.
 */
export async function handler(
  event: { time?: string } = {},
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<{ runs: { schedule_id: string; due_at: string; outcome: string; job_id: string | null }[] }> {
  const now = event.time ? new Date(event.time) : new Date();
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - SAFETY_MS : undefined;
  const runs = await runDueSchedules(now, deadline);
  if (runs.length > 0) {
    logInfo('scheduled runs', {
      runs: runs.map((run) => [run.schedule_id, run.outcome, run.job_id ?? run.skip_reason]),
    });
  }
  return {
    runs: runs.map(({ schedule_id, due_at, outcome, job_id }) => ({ schedule_id, due_at, outcome, job_id })),
  };
}
