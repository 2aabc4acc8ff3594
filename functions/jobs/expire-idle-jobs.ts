import { isCancellable } from '#core/lanes';
import { jobStore } from '#store/job-store';
import { stopJob } from './end-job.ts';

/**
 * The spec's expiry: every job that could still be cancelled and has not been touched (no move, no
 * progress) for `idleLimitMs` is cancelled, its execution stopped and its hold released. A job
 * touched between the read and the write is left alone. Returns the expired jobs' ids.
 */
export async function expireIdleJobs(idleLimitMs: number, now: number = Date.now()): Promise<string[]> {
  const expired: string[] = [];
  for (const job of await jobStore().open()) {
    if (!isCancellable(job.status) || now - Date.parse(job.updated_at) < idleLimitMs) continue;
    const outcome = await stopJob(job, 'EXPIRE', { onlyIfUntouched: true });
    if ('stopped' in outcome) expired.push(job.job_id);
  }
  return expired;
}
