import { describe, expect, it } from 'vitest';
import { laneTask, STORAGE_UNAVAILABLE_ERROR } from './lane-task.ts';

const failing = (error: Error) =>
  laneTask(async (_input: { job_id: string }) => {
    throw error;
  });

describe('laneTask', () => {
  it('passes a store outage on to the lane as StorageUnavailable, with the outage as its cause', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    const server = Object.assign(new Error('We encountered an internal error'), {
      name: 'InternalError',
      $fault: 'server',
    });
    for (const outage of [refused, server]) {
      const thrown = await failing(outage)({ job_id: 'job_1' }).catch((error: unknown) => error);
      expect(thrown).toMatchObject({ name: STORAGE_UNAVAILABLE_ERROR, cause: outage });
    }
  });

  it('passes any other error on as it is, and a result as it is', async () => {
    const bug = new TypeError('x is undefined');
    await expect(failing(bug)({ job_id: 'job_1' })).rejects.toBe(bug);
    await expect(
      laneTask(async (input: { job_id: string }) => input.job_id)({ job_id: 'job_1' }),
    ).resolves.toBe('job_1');
  });
});
