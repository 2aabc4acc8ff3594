import type { Context } from 'aws-lambda';
import { expireIdleJobs } from '#jobs/expire-idle-jobs';
import { recordHeldHistory } from '#jobs/record-held-history';
import { setting } from '#platform/config';
import { logInfo } from '#platform/log';

/** Held history runs are written until this long before the function's timeout; the next sweep takes the rest. */
const SAFETY_MS = 60_000;

/** The design: an unapproved job idle 14 days is cancelled; a stage or a test may set another limit. */
const IDLE_LIMIT_SECONDS = setting('JOB_IDLE_LIMIT_SECONDS');

/**
 * Run by the EventBridge schedule in AWS and by the local stack's timer: expires idle jobs, and
 * writes the price history finished scrapes could not write.
 */
export async function handler(
  _event: unknown = {},
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<{ expired: string[]; history_recorded: string[] }> {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - SAFETY_MS : undefined;
  const expired = await expireIdleJobs(IDLE_LIMIT_SECONDS * 1000);
  if (expired.length > 0) logInfo('expired idle jobs', { jobIds: expired });
  const recorded = await recordHeldHistory(deadline);
  if (recorded.length > 0) logInfo('recorded held price history', { jobIds: recorded });
  return { expired, history_recorded: recorded };
}
