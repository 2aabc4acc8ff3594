import { afterEach, describe, expect, it } from 'vitest';
import { useJobStore } from '#jobs/job-services';
import { useLaneExecutions } from '#platform/lane-services';
import { recordEvents } from '#test/event-recorder';
import { MemoryJobStore } from '#test/memory-job-store';
import { unpaidSetupJob } from '#test/setup-job-record';
import { expireIdleJobs } from './expire-idle-jobs.ts';

const HOUR = 3_600_000;
const stopped: string[] = [];
useLaneExecutions({
  start: async () => 'arn:unused',
  stop: async (executionArn) => {
    stopped.push(executionArn);
  },
  state: async () => 'RUNNING',
});
const events = recordEvents();
afterEach(() => {
  useJobStore(undefined);
  stopped.length = 0;
  events.length = 0;
});

describe('expiring idle jobs', () => {
  it('cancels a cancellable job idle past the limit, stops its execution and keeps the rest', async () => {
    // Prepare
    const store = new MemoryJobStore();
    useJobStore(store);
    const now = Date.parse('2026-01-10T12:00:00Z');
    await store.put({ ...unpaidSetupJob('job_idle', 'ANALYZING', new Date(now - 2 * HOUR).toISOString()) });
    await store.setExecutionArn('job_idle', 'arn:execution:job_idle');
    await store.put(unpaidSetupJob('job_busy', 'ANALYZING', new Date(now - HOUR / 2).toISOString()));
    await store.put(unpaidSetupJob('job_done', 'COMPLETED', new Date(now - 5 * HOUR).toISOString()));
    // Act
    const expired = await expireIdleJobs(await store.open(), HOUR, now);
    // Assess
    expect(expired).toEqual(['job_idle']);
    expect((await store.get('job_idle'))?.status).toBe('CANCELLED');
    expect((await store.get('job_busy'))?.status).toBe('ANALYZING');
    expect(stopped).toEqual(['arn:execution:job_idle']);
    expect(events).toEqual([{ projectId: 'prj_1', type: 'job.cancelled', jobId: 'job_idle' }]);
  });

  it('leaves alone a job touched after the sweep read it', async () => {
    // Prepare
    const store = new MemoryJobStore();
    useJobStore(store);
    const now = Date.parse('2026-01-10T12:00:00Z');
    await store.put(unpaidSetupJob('job_1', 'ANALYZING', new Date(now - 2 * HOUR).toISOString()));
    const open = store.open.bind(store);
    store.open = async <Extra extends object>() => {
      const read = await open<Extra>();
      await store.updateIn('job_1', 'ANALYZING', { analysis_progress: 'later' });
      return read;
    };
    // Act
    const expired = await expireIdleJobs(await store.open(), HOUR, now);
    // Assess
    expect(expired).toEqual([]);
    expect((await store.get('job_1'))?.status).toBe('ANALYZING');
  });
});
