import { jobStore } from '#jobs/job-services';
import { progressWriter } from '#jobs/progress-writer';

/**
 * The live progress of one scrape batch part, from its URL `from`: each report of pages done sets
 * the part's running count (`JobStore.setRunningPages`, in a small item of the job's plan that holds
 * only the parts running), and `count` moves the part's pages into the job's total when the part
 * ends (`JobStore.countBatchPages`). So a write stays the same size whatever the shop's or the job's size. A job
 * planned before parts were counted this way (no `plan`) keeps its count per batch.
 */
export function batchProgress(jobId: string, plan: string | undefined, batch: number, from: number) {
  const progress = progressWriter((done: number) =>
    plan === undefined
      ? jobStore().setPathIn(jobId, 'RUNNING', ['scrape_run', 'batch_pages', String(batch)], done)
      : jobStore().setRunningPages(jobId, plan, batch, done - from),
  );
  return {
    ...progress,
    /** Counts the ended part's pages into the job's total; false when the job has moved on. */
    async count(done: number): Promise<boolean> {
      if (plan === undefined) return true;
      return jobStore().countBatchPages(jobId, 'RUNNING', { plan, batch, done, previous: from });
    },
  };
}
