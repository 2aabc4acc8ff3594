import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { pollJob, startSilentSite } from '#test/jobs';
import { startOwnedProject } from '#test/owned-project';

// The sweeper of this file's stack expires a job left a second without any move or progress.
process.env.JOB_IDLE_LIMIT_SECONDS = '1';
process.env.JOB_SWEEP_INTERVAL_SECONDS = '0.2';

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;
let silent: Awaited<ReturnType<typeof startSilentSite>>;

beforeAll(async () => {
  ({ stack, api, customerId, projectId } = await startOwnedProject());
  silent = await startSilentSite();
});

afterAll(async () => {
  await stack?.stop();
  await silent?.close();
});

describe('idle expiry', () => {
  it('cancels a job that sat idle past the limit and gives its free analysis back', async () => {
    const created = await api.post('/jobs/setup', {
      url: silent.url,
      country: 'DE',
      currency: 'EUR',
      project_id: projectId,
    });
    expect(created.status).toBe(201);
    const { job } = await pollJob(api, `/jobs/setup/${created.body.job_id}`);
    expect(job).toMatchObject({ status: 'CANCELLED', website_id: null, error: null });
    expect((await api.get(`/customers/${customerId}`)).body.quotas.free_analyses_used).toBe(0);
    expectCancelRefused(await api.post(`/jobs/${job.job_id}/cancel`));
  });
});

function expectCancelRefused(response: { status: number; body: any }) {
  expect(response.status).toBe(409);
  expect(response.body.code).toBe('JOB_NOT_CANCELLABLE');
}
