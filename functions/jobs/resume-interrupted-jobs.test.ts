import { afterEach, describe, expect, it } from 'vitest';
import type { StoredJob } from '#core/job-record';
import type { JobStatus, JobType } from '#core/lanes';
import { useJobStore } from '#jobs/job-services';
import { matchProducts } from '#matching/run-matching';
import { useLaneExecutions } from '#platform/lane-services';
import { planScrape } from '#scraping/run-scrape';
import { recordEvents } from '#test/event-recorder';
import { MemoryJobStore } from '#test/memory-job-store';
import { unpaidSetupJob } from '#test/setup-job-record';
import { resumeInterruptedJobs, startStrandedApprovals } from './resume-interrupted-jobs.ts';

const started: string[] = [];
let refuse = new Set<string>();
useLaneExecutions({
  start: async (lane, name) => {
    if (refuse.has(name)) throw new Error('Step Functions is unavailable');
    started.push(`${lane}:${name}`);
    return `arn:execution:${name}`;
  },
  stop: async () => undefined,
  state: async () => 'RUNNING',
});
const events = recordEvents();
afterEach(() => {
  useJobStore(undefined);
  started.length = 0;
  refuse = new Set();
  events.length = 0;
});

const jobOf = (jobId: string, jobType: JobType, status: JobStatus): StoredJob => ({
  ...unpaidSetupJob(jobId, status),
  job_type: jobType,
  estimate: { currency: 'EUR', quantity: 10, difficulty: 'EASY' } as never,
  website_id: 'web_1',
});

describe('resuming the jobs a restart interrupted', () => {
  it('starts the lane of every job a lane was running again, and leaves the others alone', async () => {
    // Prepare
    const store = new MemoryJobStore();
    useJobStore(store);
    await store.put(unpaidSetupJob('job_setup', 'ANALYZING'));
    await store.put(jobOf('job_scrape', 'FULL_SCRAPE', 'SETTLING'));
    await store.put(jobOf('job_match', 'MATCHING', 'RUNNING'));
    // Approved (hold and move in one write) by a service that stopped before starting its lane.
    await store.put(jobOf('job_approved', 'URL_SCRAPE', 'APPROVED'));
    await store.put(jobOf('job_waiting', 'URL_SCRAPE', 'AWAITING_APPROVAL'));
    await store.put(unpaidSetupJob('job_done', 'COMPLETED'));
    // Act
    const resumption = await resumeInterruptedJobs();
    // Assess
    expect(resumption).toEqual({
      resumed: ['job_setup', 'job_scrape', 'job_match', 'job_approved'],
      failed: [],
    });
    expect(started).toEqual([
      'website-setup:job_setup',
      'scrape:job_scrape',
      'matching:job_match',
      'scrape:job_approved',
    ]);
    expect((await store.get('job_approved'))?.execution_arn).toBe('arn:execution:job_approved');
    expect((await store.get('job_scrape'))?.execution_arn).toBe('arn:execution:job_scrape');
    expect((await store.get('job_waiting'))?.status).toBe('AWAITING_APPROVAL');
  });

  it('ends FAILED a job whose lane cannot be started again, and goes on with the others', async () => {
    // Prepare
    const store = new MemoryJobStore();
    useJobStore(store);
    await store.put(unpaidSetupJob('job_1', 'TRAINING'));
    await store.put(unpaidSetupJob('job_2', 'CREATED'));
    refuse = new Set(['job_1']);
    // Act
    const resumption = await resumeInterruptedJobs();
    // Assess
    expect(resumption).toEqual({ resumed: ['job_2'], failed: ['job_1'] });
    expect(await store.get('job_1')).toMatchObject({
      status: 'FAILED',
      error: expect.stringContaining('could not be resumed'),
    });
    expect(events).toEqual([{ projectId: 'prj_1', type: 'job.failed', jobId: 'job_1' }]);
  });
});

describe('starting the lanes of approvals a stop stranded (AWS)', () => {
  it('starts an approved job left without an execution past the grace, and no other', async () => {
    // Prepare
    const store = new MemoryJobStore();
    useJobStore(store);
    const approvedAt = '2026-11-28T00:00:00.000Z';
    const at = (job: StoredJob, changes: Partial<StoredJob> = {}) => ({
      ...job,
      updated_at: approvedAt,
      ...changes,
    });
    await store.put(at(jobOf('job_stranded', 'URL_SCRAPE', 'APPROVED')));
    await store.put(
      at(jobOf('job_started', 'FULL_SCRAPE', 'APPROVED'), { execution_arn: 'arn:execution:job_started' }),
    );
    await store.put(at(jobOf('job_running', 'MATCHING', 'RUNNING')));
    await store.put(
      at(jobOf('job_recent', 'MATCHING', 'APPROVED'), { updated_at: '2026-11-28T00:04:00.000Z' }),
    );
    // Act
    const outcome = await startStrandedApprovals(
      await store.open(),
      5 * 60_000,
      Date.parse('2026-11-28T00:05:00.000Z'),
    );
    // Assess
    expect(outcome).toEqual({ resumed: ['job_stranded'], failed: [] });
    expect(started).toEqual(['scrape:job_stranded']);
    expect((await store.get('job_stranded'))?.execution_arn).toBe('arn:execution:job_stranded');
    expect((await store.get('job_recent'))?.execution_arn).toBeNull();
  });
});

describe("a lane's first task on a job past it", () => {
  it('sends a scrape or a matching found settling or exporting on to the settlement', async () => {
    const store = new MemoryJobStore();
    useJobStore(store);
    await store.put(jobOf('job_scrape', 'FULL_SCRAPE', 'EXPORTING'));
    await store.put(jobOf('job_match', 'MATCHING', 'SETTLING'));
    expect(await planScrape('job_scrape')).toEqual({ next: 'SETTLE' });
    expect(await matchProducts('job_match')).toEqual({ next: 'SETTLE' });
  });
});
