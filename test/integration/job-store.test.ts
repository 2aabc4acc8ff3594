import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newId } from '#core/ids';
import { type JobLock, newJobRecord, type StoredJob } from '#core/job-record';
import type { JobStatus } from '#core/lanes';
import { jobStore } from '#jobs/job-services';
import { createTable } from '#local/create-table';
import { setting } from '#platform/config';
import { dynamo } from '#store/table-services';
import { meterReadUnits, meterWriteUnits } from '#test/dynamo-capacity-meter';

beforeAll(() => createTable(inject('engines').dynamodbEndpoint, setting('TABLE_NAME')));

function newJob(status: JobStatus = 'CREATED', lock?: JobLock): StoredJob {
  return newJobRecord({
    job_id: newId('job'),
    job_type: 'WEBSITE_SETUP',
    status,
    project_id: 'prj_store',
    website_id: null,
    estimate: null,
    customer_id: 'cus_store',
    locks: lock ? [lock] : [],
    now: new Date().toISOString(),
  });
}

describe('the job store', () => {
  it('lets exactly one of racing moves from the same state win', async () => {
    for (let round = 0; round < 5; round++) {
      const job = await jobStore().put(newJob());
      const results = await Promise.all([
        jobStore().move(job, 'ANALYZING'),
        jobStore().move(job, 'CANCELLED'),
        jobStore().move(job, 'FAILED', { set: { error: 'boom' } }),
      ]);
      const winners = results.filter((result) => result !== null);
      expect(winners).toHaveLength(1);
      expect((await jobStore().get(job.job_id))?.status).toBe(winners[0]?.status);
    }
  });

  it('refuses a move the lane table does not have', async () => {
    const job = await jobStore().put(newJob());
    await expect(jobStore().move(job, 'COMPLETED')).rejects.toThrow(/no move from CREATED to COMPLETED/);
  });

  it('writes progress only while the job is in the status the writer works in', async () => {
    const job = await jobStore().put(newJob());
    const analyzing = (await jobStore().move(job, 'ANALYZING')) as StoredJob;
    expect(await jobStore().updateIn(job.job_id, 'ANALYZING', { error: null })).toBe(true);
    await jobStore().move(analyzing, 'CANCELLED');
    expect(await jobStore().updateIn(job.job_id, 'ANALYZING', { error: null })).toBe(false);
  });

  it('keeps a lock while the job is open and frees it when the job ends', async () => {
    const lock: JobLock = {
      lock: 'SETUP',
      project_id: 'prj_store',
      website_key: `shop-${newId('web')}.example`,
    };
    const first = await jobStore().put(newJob('CREATED', lock));
    await expect(jobStore().put(newJob('CREATED', lock))).rejects.toThrow();
    expect((await jobStore().open()).map((job) => job.job_id)).toContain(first.job_id);
    await jobStore().move(first, 'FAILED');
    expect((await jobStore().open()).map((job) => job.job_id)).not.toContain(first.job_id);
    await expect(jobStore().put(newJob('CREATED', lock))).resolves.toMatchObject({ status: 'CREATED' });
  });

  it('does not expire a job touched after it was read', async () => {
    const job = await jobStore().put(newJob());
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await jobStore().updateIn(job.job_id, 'CREATED', { error: null })).toBe(true);
    expect(await jobStore().move(job, 'CANCELLED', { unchangedSinceRead: true })).toBeNull();
    expect((await jobStore().get(job.job_id))?.status).toBe('CREATED');
  });

  it('counts a scrape batch part’s pages once it ends, a retried part correcting the total', async () => {
    const job = await jobStore().put(newJob('RUNNING'));
    const run = {
      phase: 'SCRAPING_PAGES',
      pages_limit: 50,
      pages_estimate: 50,
      pages_done: 0,
      running_pages: {},
      plan: 'p1',
    };
    await jobStore().updateIn(job.job_id, 'RUNNING', { scrape_run: run } as object);
    const count = (batch: number, done: number, previous: number) =>
      jobStore().countBatchPages(job.job_id, 'RUNNING', { plan: 'p1', batch, done, previous });
    const progress = async () =>
      ((await jobStore().get(job.job_id)) as unknown as { scrape_run: typeof run }).scrape_run;

    expect(await jobStore().setRunningPages(job.job_id, 'p1', 0, 2)).toBe(true);
    expect(await jobStore().setRunningPages(job.job_id, 'p1', 1, 1)).toBe(true);
    expect(await progress()).toMatchObject({ pages_done: 0, running_pages: { '0': 2, '1': 1 } });
    expect(await count(0, 3, 0)).toBe(true);
    expect(await count(1, 2, 0)).toBe(true);
    expect(await count(0, 5, 3)).toBe(true);
    expect(await progress()).toMatchObject({ pages_done: 7, running_pages: {} });
    // Batch 0's second part retried after it was counted: its writer assumes 3, the store knows 5.
    expect(await count(0, 4, 3)).toBe(true);
    expect((await progress()).pages_done).toBe(6);
    await jobStore().move((await jobStore().get(job.job_id)) ?? job, 'FAILED');
    expect(await jobStore().setRunningPages(job.job_id, 'p1', 1, 3)).toBe(false);
    expect(await count(1, 4, 2)).toBe(false);
    expect((await progress()).pages_done).toBe(6);
  });

  it('writes a page’s progress at one write unit on a job item over 1 KB, its readers seeing it', async () => {
    const job = await jobStore().put(newJob('RUNNING'));
    const run = { phase: 'SCRAPING_PAGES', pages_limit: 50, pages_estimate: 50, pages_done: 0, plan: 'p1' };
    // A FULL scrape's job item is 1–2 KB (its estimate, settings, keys): the write must not pay for it.
    const large = { scrape_run: run, error: 'x'.repeat(1_500) } as object;
    await jobStore().updateIn(job.job_id, 'RUNNING', large);
    const read = (await jobStore().get(job.job_id)) as StoredJob;
    const meter = meterWriteUnits(dynamo());
    await new Promise((resolve) => setTimeout(resolve, 5));

    expect(await jobStore().setRunningPages(job.job_id, 'p1', 3, 7)).toBe(true);

    expect(meter.counted()).toEqual({ writeUnits: 1, writes: 1 });
    const stored = (await jobStore().get(job.job_id)) as unknown as StoredJob & { scrape_run: object };
    expect(stored.scrape_run).toMatchObject({ pages_done: 0, running_pages: { '3': 7 } });
    expect(stored.updated_at > read.updated_at).toBe(true);
    expect((await jobStore().open()).find((open) => open.job_id === job.job_id)).toMatchObject({
      scrape_run: { running_pages: { '3': 7 } },
      updated_at: stored.updated_at,
    });
    // A page read since the sweeper read the job keeps it from being ended as idle.
    expect(await jobStore().move(read, 'FAILED', { unchangedSinceRead: true })).toBeNull();
    expect(await jobStore().move(stored, 'FAILED', { unchangedSinceRead: true })).not.toBeNull();
    expect(await jobStore().setRunningPages(job.job_id, 'p1', 3, 8)).toBe(false);
  });

  it('reads a planned scrape job with its running parts in one request of one read unit', async () => {
    const job = await jobStore().put(newJob('RUNNING'));
    const run = {
      phase: 'SCRAPING_PAGES',
      pages_limit: 50,
      pages_estimate: 50,
      pages_done: 0,
      running_pages: {},
      plan: 'p2',
    };
    await jobStore().updateIn(job.job_id, 'RUNNING', { scrape_run: run, error: 'x'.repeat(1_500) } as object);
    // A part of an earlier plan and a counted batch sit in the job's partition too; neither is read.
    await jobStore().setRunningPages(job.job_id, 'p1', 0, 9);
    await jobStore().setRunningPages(job.job_id, 'p2', 0, 4);
    await jobStore().setRunningPages(job.job_id, 'p2', 1, 5);
    await jobStore().countBatchPages(job.job_id, 'RUNNING', { plan: 'p2', batch: 1, done: 6, previous: 0 });
    const meter = meterReadUnits(dynamo());

    const read = (await jobStore().get(job.job_id)) as unknown as StoredJob & { scrape_run: object };

    expect(meter.counted()).toEqual({ readUnits: 1, reads: 1 });
    expect(read.scrape_run).toMatchObject({ pages_done: 6, running_pages: { '0': 4 } });
    expect(Object.keys((read.scrape_run as { running_pages: object }).running_pages)).toEqual(['0']);
    expect(await jobStore().get(newId('job'))).toBeNull();
  });

  it('writes a scrape’s progress at the same write units at its 200th batch as at its first', async () => {
    const job = await jobStore().put(newJob('RUNNING'));
    const run = {
      phase: 'SCRAPING_PAGES',
      pages_limit: 20_000,
      pages_estimate: 20_000,
      pages_done: 0,
      running_pages: {},
      plan: 'p1',
    };
    await jobStore().updateIn(job.job_id, 'RUNNING', { scrape_run: run } as object);
    const meter = meterWriteUnits(dynamo());
    /** The write units DynamoDB Local reports for a batch's progress write and for its count. */
    const batchWrites = async (batch: number) => {
      meter.reset();
      await jobStore().setRunningPages(job.job_id, 'p1', batch, 99);
      const progress = meter.counted().writeUnits;
      meter.reset();
      await jobStore().countBatchPages(job.job_id, 'RUNNING', { plan: 'p1', batch, done: 100, previous: 0 });
      return { progress, count: meter.counted().writeUnits };
    };

    const first = await batchWrites(0);
    for (let batch = 1; batch < 199; batch++) await batchWrites(batch);
    const last = await batchWrites(199);

    expect(last).toEqual(first);
    const stored = (await jobStore().get(job.job_id)) as unknown as { scrape_run: typeof run };
    expect(stored.scrape_run).toMatchObject({ pages_done: 20_000, running_pages: {} });
  });
});
