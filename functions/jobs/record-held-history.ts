import { logError } from '#platform/log';
import { heldHistoryRuns, releaseHistoryRun } from '#store/held-history-runs';
import { jobStore } from '#store/job-store';
import { announceChanges } from './announce-changes.ts';
import { recordScrapeHistory } from './record-scrape-history.ts';
import type { ScrapeFields } from './scrape-job.ts';

/** Held runs read per query. */
const PAGE = 25;

/**
 * Writes the price history of the scrapes that could not write it when they finished, and announces
 * their changes then, until `deadline` (epoch ms). A run that fails again stays held for the next
 * sweep, and this sweep stops there: what failed it (the bucket, the table) likely fails the rest.
 * Returns the jobs written.
 */
export async function recordHeldHistory(deadline = Number.POSITIVE_INFINITY): Promise<string[]> {
  const recorded: string[] = [];
  for (;;) {
    const held = await heldHistoryRuns(PAGE);
    if (held.length === 0) return recorded;
    for (const jobId of held) {
      if (Date.now() >= deadline || !(await recordHeld(jobId))) return recorded;
      recorded.push(jobId);
    }
  }
}

/** Writes one held run (nothing for a job gone since) and releases it; false when it could not be written. */
async function recordHeld(jobId: string): Promise<boolean> {
  try {
    const job = await jobStore().get<ScrapeFields>(jobId);
    const changes = job ? await recordScrapeHistory(job) : [];
    await releaseHistoryRun(jobId);
    if (job) await announceChanges(job.project_id, changes);
    return true;
  } catch (error) {
    logError('price history still not recorded; held for the next sweep', error, { jobId });
    return false;
  }
}
