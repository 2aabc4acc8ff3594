import { getJob, moveJob } from '#store/jobs';
import type { ScrapeStep } from './run-scrape.ts';
import type { ScrapeFields } from './scrape-job.ts';

const STOP: ScrapeStep = { next: 'STOP' };

/**
 * EXPORTING: the products export is built by the exports module once it exists; until then the
 * catalog is the deliverable and the job completes.
 */
export async function finishScrape(jobId: string): Promise<ScrapeStep> {
  const job = await getJob<ScrapeFields>(jobId);
  if (!job) return STOP;
  if (job.status === 'COMPLETED') return { next: 'DONE' };
  if (job.status !== 'EXPORTING') return STOP;
  const run = job.scrape_run;
  const completed = await moveJob<ScrapeFields>(job, 'COMPLETED', {
    set: run ? { scrape_run: { ...run, phase: 'DONE' } } : {},
  });
  return completed ? { next: 'DONE' } : STOP;
}
