import { expireIdleJobs } from '#jobs/expire-idle-jobs';
import { setting } from '#platform/config';
import { logInfo } from '#platform/log';

/** The design: an unapproved job idle 14 days is cancelled; a stage or a test may set another limit. */
const IDLE_LIMIT_SECONDS = setting('JOB_IDLE_LIMIT_SECONDS');

/** Run by the EventBridge schedule in AWS and by the local stack's timer. */
export async function handler(): Promise<{ expired: string[] }> {
  const expired = await expireIdleJobs(IDLE_LIMIT_SECONDS * 1000);
  if (expired.length > 0) logInfo('expired idle jobs', { jobIds: expired });
  return { expired };
}
