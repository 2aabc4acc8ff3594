import { jobStore } from '#store/job-store';
import { progressWriter } from './progress-writer.ts';

/**
 * The live progress of one scrape batch from its URL `from`: each report of pages done sets the
 * batch's own count and adds what changed to the job's total (`JobStore.countBatchPages`), so a write
 * stays one small item and one counter whatever the shop's size. The run before this one of the batch
 * ended at `from` (the Map's loop hands on where it stopped); a retried run is corrected by the store.
 */
export function batchProgress(jobId: string, plan: string, batch: number, from: number) {
  let written = from;
  return progressWriter(async (done: number) => {
    const held = await jobStore().countBatchPages(jobId, 'RUNNING', { plan, batch, done, previous: written });
    written = done;
    return held;
  });
}
