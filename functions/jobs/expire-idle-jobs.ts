import type { StoredJob } from '#core/job-record';
import { isCancellable } from '#core/lanes';
import { stopJob } from './end-job.ts';

/**
 * The spec's expiry: every job that could still be cancelled and has not been touched (no move, no
 * progress) for `idleLimitMs` is cancelled, its execution stopped and its hold released. `openJobs`
 * is the sweep's one read of the unfinished jobs; a job touched between that read and the write is
 * left alone. Returns the expired jobs' ids.
 */
export async function expireIdleJobs(
  openJobs: readonly StoredJob[],
  idleLimitMs: number,
  now: number = Date.now(),
): Promise<string[]> {
  const expired: string[] = [];
  for (const job of openJobs) {
    if (!isCancellable(job.status) || now - Date.parse(job.updated_at) < idleLimitMs) continue;
    const outcome = await stopJob(job, 'EXPIRE', { onlyIfUntouched: true });
    if ('stopped' in outcome) expired.push(job.job_id);
  }
  return expired;
}
