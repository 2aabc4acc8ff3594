import { JOB_LIST } from '#core/job-record';
import type { JobStatus } from '#core/lanes';
import type { BatchPages } from '#store/job-store';
import { jobKey, projectJobsIndex, scrapeBatchKey } from '#store/keys';
import { MemoryJobStore } from '#test/memory-job-store';
import { dynamoItemBytes, writeUnits } from './dynamo-item-size.ts';

/**
 * The in-memory job store with a meter: every progress write adds the write units DynamoDB would
 * bill for it, from the items as the DynamoDB store would hold them before and after the write (a
 * transaction's items at twice the units, as DynamoDB bills transactional writes).
 */
export class MeteredJobStore extends MemoryJobStore {
  writeUnits = 0;
  /** Each job item's size after the last metered write: the next write's size before. */
  private readonly sizes = new Map<string, number>();

  private sizeBefore(jobId: string): number {
    return this.sizes.get(jobId) ?? this.jobItemBytes(jobId);
  }

  private jobItemBytes(jobId: string): number {
    const job = this.jobs.get(jobId);
    if (!job) return 0;
    const bytes = dynamoItemBytes({
      ...jobKey(jobId),
      ...projectJobsIndex(job.project_id, JOB_LIST[job.job_type], jobId),
      type: 'Job',
      ...job,
    });
    this.sizes.set(jobId, bytes);
    return bytes;
  }

  // The memory store's running counts are written through `setPathIn`, metered here.
  override async setPathIn(jobId: string, status: JobStatus, path: readonly string[], value: unknown) {
    const before = this.sizeBefore(jobId);
    const held = await super.setPathIn(jobId, status, path, value);
    if (held) this.writeUnits += writeUnits(before, this.jobItemBytes(jobId));
    return held;
  }

  override async countBatchPages(jobId: string, status: JobStatus, pages: BatchPages) {
    const before = this.sizeBefore(jobId);
    const held = await super.countBatchPages(jobId, status, pages);
    if (held) {
      const batchItem = dynamoItemBytes({
        ...scrapeBatchKey(jobId, pages.plan, pages.batch),
        done: pages.done,
        type: 'ScrapeBatchPages',
        expires_at: Math.floor(Date.now() / 1000),
      });
      this.writeUnits += 2 * (writeUnits(batchItem) + writeUnits(before, this.jobItemBytes(jobId)));
    }
    return held;
  }
}
