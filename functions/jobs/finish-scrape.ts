import { exportProducts } from '#exports/project-exports';
import { logError } from '#platform/log';
import { holdHistoryRun } from '#store/held-history-runs';
import { jobStore } from '#store/job-store';
import type { StoredChange } from '#store/price-changes';
import { announceChanges } from './announce-changes.ts';
import { announceExport, announceJob } from './job-events.ts';
import { recordScrapeHistory } from './record-scrape-history.ts';
import type { ScrapeStep } from './run-scrape.ts';
import type { ScrapeFields } from './scrape-job.ts';

const STOP: ScrapeStep = { next: 'STOP' };

/**
 * EXPORTING: the products files of the website and of the whole project are built from the newest
 * whole catalogs (a URL-only scrape delivers none), and a URL scrape job's own products file. A
 * failed export does not fail a delivered and charged job: the files are derived data, rebuilt when
 * a link to them is asked for. First the products go into the website's price history and the
 * changes since its previous whole catalog are found (`recordScrapeHistory`, which returns them).
 */
export async function finishScrape(jobId: string): Promise<ScrapeStep> {
  const job = await jobStore().get<ScrapeFields>(jobId);
  if (!job) return STOP;
  if (job.status === 'COMPLETED') return { next: 'DONE' };
  if (job.status !== 'EXPORTING') return STOP;
  let exported = false;
  let changes: StoredChange[] = [];
  if (job.website_id) {
    // Like the files, a history that cannot be written does not fail a delivered and charged job:
    // the run is held, and the job sweeper writes it (and announces its changes) later.
    changes = await recordScrapeHistory(job).catch(async (error: unknown) => {
      logError('scrape: price history not recorded; held for the job sweeper', error, { jobId });
      await holdHistoryRun(jobId).catch((holdError: unknown) =>
        logError('scrape: price history run could not be held; it is missing', holdError, { jobId }),
      );
      return [];
    });
    const urlScrapeJobId = job.job_type === 'URL_SCRAPE' ? job.job_id : null;
    exported = await exportProducts(job.project_id, job.website_id, urlScrapeJobId).then(
      () => true,
      (error: unknown) => {
        logError('scrape: export failed; the files are rebuilt on the next request', error, { jobId });
        return false;
      },
    );
  }
  const run = job.scrape_run;
  const completed = await jobStore().move<ScrapeFields>(job, 'COMPLETED', {
    set: run ? { scrape_run: { ...run, phase: 'DONE' } } : {},
  });
  if (!completed) return STOP;
  await announceJob(completed);
  if (exported) await announceExport(completed, ['products']);
  await announceChanges(completed.project_id, changes);
  return { next: 'DONE' };
}
