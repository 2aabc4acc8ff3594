import { afterEach, describe, expect, it } from 'vitest';
import { useJobStore } from '#jobs/job-services';
import { useLaneExecutions } from '#platform/lane-services';
import { removeSetupJob } from '#setup/remove-setup-job';
import { recordEvents } from '#test/event-recorder';
import { MemoryJobStore } from '#test/memory-job-store';
import { unpaidSetupJob } from '#test/setup-job-record';
import { failJob, stopJob } from './end-job.ts';
import type { SetupFields, SetupJob } from './setup-job.ts';

useLaneExecutions({ start: async () => 'arn:unused', stop: async () => {}, state: async () => 'RUNNING' });
const events = recordEvents();
afterEach(() => {
  useJobStore(undefined);
  events.length = 0;
});

/** The stored job as a use case gets it (the fixture has the setup fields the use cases read). */
async function read(store: MemoryJobStore, jobId: string): Promise<SetupJob> {
  const job = await store.get<SetupFields>(jobId);
  if (!job) throw new Error(`No job ${jobId} in the store`);
  return job;
}

async function storeWith(...jobs: ReturnType<typeof unpaidSetupJob>[]) {
  const store = new MemoryJobStore();
  useJobStore(store);
  for (const job of jobs) await store.put(job);
  return store;
}

describe('cancelling a job', () => {
  it('cancels a running analysis and frees its lock for the next job', async () => {
    // Prepare
    const store = await storeWith(unpaidSetupJob('job_1', 'ANALYZING'));
    // Act
    const outcome = await stopJob(await read(store, 'job_1'), 'CANCEL');
    // Assess
    expect(outcome).toMatchObject({ stopped: { status: 'CANCELLED', locks: [] } });
    expect(await store.holding({ lock: 'SETUP', project_id: 'prj_1', website_key: 'job_1' })).toBeNull();
    expect(events).toEqual([{ projectId: 'prj_1', type: 'job.cancelled', jobId: 'job_1' }]);
  });

  it('refuses a job that has ended, by the lane table', async () => {
    const store = await storeWith(unpaidSetupJob('job_2', 'COMPLETED'));
    const outcome = await stopJob(await read(store, 'job_2'), 'CANCEL');
    expect(outcome).toMatchObject({ refused: 'JOB_NOT_CANCELLABLE' });
    expect(events).toEqual([]);
  });
});

describe('failing a job', () => {
  it('records the failure once and announces it once; failing it again changes nothing', async () => {
    // Prepare
    const store = await storeWith(unpaidSetupJob('job_3', 'TRAINING'));
    const failure = { error: 'The shop went away.', error_code: 'SITE_UNREACHABLE', contact_reason: null };
    // Act
    const failed = await failJob('job_3', failure);
    const again = await failJob('job_3', { ...failure, error: 'Another reason.' });
    // Assess
    expect(failed).toMatchObject({ status: 'FAILED', ...failure });
    expect(again).toMatchObject({ status: 'FAILED', error: 'The shop went away.' });
    expect((await store.get('job_3'))?.finished_at).toBe(failed?.finished_at);
    expect(events).toEqual([{ projectId: 'prj_1', type: 'job.failed', jobId: 'job_3' }]);
  });

  it('gives a free analysis back in the write that fails its job', async () => {
    // Prepare: no table wiring in place; asking for the give-back reads none of it.
    const job = {
      ...unpaidSetupJob('job_5', 'TRAINING'),
      analysis_charge: { kind: 'FREE', month: '2026-11' },
    };
    const store = await storeWith(job as ReturnType<typeof unpaidSetupJob>);
    // Act
    await failJob('job_5', {
      error: 'The shop went away.',
      error_code: 'SITE_UNREACHABLE',
      contact_reason: null,
    });
    // Assess
    expect(store.writes.at(-1)).toEqual({
      verb: 'move',
      job_id: 'job_5',
      status: 'FAILED',
      also: ['a free analysis of cus_1 in 2026-11 given back'],
    });
  });

  it('answers null for an unknown job', async () => {
    await storeWith();
    expect(await failJob('job_none', { error: 'x', error_code: null, contact_reason: null })).toBeNull();
  });
});

describe('removing a setup job', () => {
  it('removes an ended job without a website and refuses a running one', async () => {
    // Prepare
    const store = await storeWith(unpaidSetupJob('job_4', 'FAILED'), unpaidSetupJob('job_5', 'ANALYZING'));
    // Act
    await removeSetupJob(await read(store, 'job_4'));
    const running = removeSetupJob(await read(store, 'job_5'));
    // Assess
    expect(await store.get('job_4')).toBeNull();
    await expect(running).rejects.toMatchObject({ status: 409, code: 'JOB_RUNNING' });
  });
});
