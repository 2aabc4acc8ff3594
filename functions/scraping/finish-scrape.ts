import { exportProducts } from '#exports/project-exports';
import type { StoredChange } from '#history/change-record';
import { recordScrapeHistory } from '#history/record-scrape-history';
import { scrapeChangeEvents } from '#jobs/changes-detected';
import { announceJob, exportReady } from '#jobs/job-events';
import { jobStore } from '#jobs/job-services';
import { holdHistory } from '#jobs/record-held-history';
import type { ScrapeFields } from '#jobs/scrape-job';
import type { MatchingReads } from '#matching-model/matching-reads';
import { logError } from '#platform/log';
import type { Project } from '#projects/project';
import { projectStore } from '#projects/project-services';
import type { ScrapeStep } from './run-scrape.ts';

const STOP: ScrapeStep = { next: 'STOP' };

/**
 * EXPORTING: the products files of the website and of the whole project are built from the newest
 * whole catalogs (a URL-only scrape delivers none), and a URL scrape job's own products file. A
 * failed export does not fail a delivered and charged job: the files are derived data, rebuilt when
 * a link to them is asked for. First the products go into the website's price history and the
 * changes since its previous whole catalog are found (`recordScrapeHistory`, which returns them,
 * each linked to its matched reference as `matching` tells).
 */
export async function finishScrape(jobId: string, matching: MatchingReads): Promise<ScrapeStep> {
  const job = await jobStore().get<ScrapeFields>(jobId);
  if (!job) return STOP;
  if (job.status === 'COMPLETED') return { next: 'DONE' };
  if (job.status !== 'EXPORTING') return STOP;
  let exported = false;
  let changes: StoredChange[] = [];
  let project: Project | null = null;
  if (job.website_id) {
    project = await projectStore.get(job.project_id);
    // Like the files, a history that cannot be written does not fail a delivered and charged job:
    // the run is held, and the job sweeper writes it (and announces its changes) later.
    changes = await recordScrapeHistory(job, matching).catch(async (error: unknown) => {
      await holdHistory(jobId, error);
      return [];
    });
    const urlScrapeJobId = job.job_type === 'URL_SCRAPE' ? job.job_id : null;
    exported = await exportProducts(project, job.website_id, urlScrapeJobId).then(
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
  await announceJob(
    completed,
    exported ? exportReady(completed, ['products']) : null,
    ...scrapeChangeEvents(project, changes),
  );
  return { next: 'DONE' };
}
