import { afterEach, describe, expect, it } from 'vitest';
import { useJobStore } from '#jobs/job-services';
import { useLaneExecutions } from '#platform/lane-services';
import { recordEvents } from '#test/event-recorder';
import { MemoryJobStore } from '#test/memory-job-store';
import { unpaidSetupJob } from '#test/setup-job-record';
import { startLane } from './start-lane.ts';

const events = recordEvents();
afterEach(() => {
  useJobStore(undefined);
  events.length = 0;
});

const lanes = (start: () => Promise<string>) => ({
  start,
  stop: async () => {},
  state: async () => 'RUNNING' as const,
});

describe('starting a job’s lane', () => {
  it('records the execution it started on the job', async () => {
    // Prepare
    const store = new MemoryJobStore();
    useJobStore(store);
    await store.put(unpaidSetupJob('job_1', 'CREATED'));
    useLaneExecutions(lanes(async () => 'arn:execution:job_1'));
    // Act
    await startLane('website-setup', 'job_1', 'The setup could not be started.');
    // Assess
    expect((await store.get('job_1'))?.execution_arn).toBe('arn:execution:job_1');
    expect((await store.get('job_1'))?.status).toBe('CREATED');
  });

  it('fails the job with the caller’s message and throws on when the lane cannot start', async () => {
    // Prepare
    const store = new MemoryJobStore();
    useJobStore(store);
    await store.put(unpaidSetupJob('job_2', 'CREATED'));
    useLaneExecutions(
      lanes(async () => {
        throw new Error('Step Functions unreachable');
      }),
    );
    // Act
    const started = startLane('website-setup', 'job_2', 'The setup could not be started.');
    // Assess
    await expect(started).rejects.toThrow('Step Functions unreachable');
    const job = await store.get('job_2');
    expect(job).toMatchObject({
      status: 'FAILED',
      error: 'The setup could not be started.',
      error_code: null,
      execution_arn: null,
      locks: [],
    });
    expect(job?.finished_at).not.toBeNull();
    expect(events).toEqual([{ projectId: 'prj_1', type: 'job.failed', jobId: 'job_2' }]);
  });
});
