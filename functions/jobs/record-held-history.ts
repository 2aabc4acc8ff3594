import { recordScrapeHistory } from '#history/record-scrape-history';
import { jobStore } from '#jobs/job-services';
import type { MatchingReads } from '#matching-model/matching-reads';
import { logError } from '#platform/log';
import { projectStore } from '#projects/project-services';
import { finishHeldWork, holdWork } from '#store/held-work';
import { publishEvents } from '#webhooks/webhook-events';
import { scrapeChangeEvents } from './changes-detected.ts';
import type { ScrapeFields } from './scrape-job.ts';

/**
 * Holds a settled scrape whose price history could not be written when it finished (the bucket or
 * the table failed), for the job sweeper to write (`recordHeldHistory`); only a hold that fails too
 * loses the run, and the log says so.
 */
export async function holdHistory(jobId: string, error: unknown): Promise<void> {
  logError('scrape: price history not recorded; held for the job sweeper', error, { jobId });
  await holdWork('HISTORY_RUN', jobId).catch((holdError: unknown) =>
    logError('scrape: price history run could not be held; it is missing', holdError, { jobId }),
  );
}

/**
 * Writes the price history of the scrapes held by `holdHistory`, and announces their changes then,
 * until `deadline` (epoch ms); writing a run again puts the same objects. Returns the jobs written.
 * `matching` links each change to its matched reference, as when the scrape finished.
 */
export function recordHeldHistory(
  matching: MatchingReads,
  deadline = Number.POSITIVE_INFINITY,
): Promise<string[]> {
  return finishHeldWork(
    'HISTORY_RUN',
    async (jobId) => {
      // A job gone since has nothing left to write.
      const job = await jobStore().get<ScrapeFields>(jobId);
      if (!job) return;
      const changes = await recordScrapeHistory(job, matching);
      await publishEvents(
        job.project_id,
        scrapeChangeEvents(await projectStore.get(job.project_id), changes),
      );
    },
    deadline,
    (jobId, error) => logError('price history still not recorded; held for the next sweep', error, { jobId }),
  );
}
