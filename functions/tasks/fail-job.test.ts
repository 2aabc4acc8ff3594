import { afterEach, describe, expect, it } from 'vitest';
import { useJobStore } from '#jobs/job-services';
import { recordEvents } from '#test/event-recorder';
import { MemoryJobStore } from '#test/memory-job-store';
import { unpaidSetupJob } from '#test/setup-job-record';
import { handler } from './fail-job.ts';

const events = recordEvents();
afterEach(() => {
  useJobStore(undefined);
  events.length = 0;
});

describe('the lanes’ FailJob task', () => {
  it('says the storage was unavailable when the task it caught failed for that', async () => {
    const store = new MemoryJobStore();
    useJobStore(store);
    await store.put(unpaidSetupJob('job_1', 'ANALYZING'));
    await handler({
      job_id: 'job_1',
      error: { Error: 'StorageUnavailable', Cause: 'Storage was unavailable' },
    });
    expect(await store.get('job_1')).toMatchObject({
      status: 'FAILED',
      error: expect.stringContaining('storage was unavailable'),
      error_code: null,
    });
  });

  it('says the error was on our side for any other caught error, and keeps a reported failure', async () => {
    const store = new MemoryJobStore();
    useJobStore(store);
    await store.put(unpaidSetupJob('job_1', 'ANALYZING'));
    await store.put(unpaidSetupJob('job_2', 'TRAINING'));
    await handler({ job_id: 'job_1', error: { Error: 'TypeError', Cause: 'x is undefined' } });
    const reported = { error: 'No products.', error_code: 'PRODUCTS_NOT_READABLE', contact_reason: null };
    await handler({ job_id: 'job_2', failure: reported });
    expect((await store.get('job_1'))?.error).toContain('an error on our side');
    expect(await store.get('job_2')).toMatchObject({ status: 'FAILED', ...reported });
  });
});
