import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShop } from '#fixtures/default-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob, startSilentSite } from '#test/jobs';
import { addProjectMember, newProject, newUser } from '#test/operator';
import { startOwnedProject } from '#test/owned-project';

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let owner: { userId: string; apiKey: string };
let projectId: string;
let shop: RunningShop;
let silent: Awaited<ReturnType<typeof startSilentSite>>;

beforeAll(async () => {
  ({ stack, api, customerId, owner, projectId } = await startOwnedProject());
  shop = await startShop(testShop('magento-plain-en'));
  silent = await startSilentSite();
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([shop?.close(), silent?.close()]);
});

const setup = (url: string, project = projectId) =>
  api.post('/jobs/setup', { url, country: 'SE', currency: 'SEK', project_id: project });

describe('POST /jobs/{job_id}/cancel', () => {
  it('cancels a running job (EDITOR), then answers 409 for the cancelled job', async () => {
    const created = await setup(silent.url);
    const editor = await newUser();
    await addProjectMember(projectId, editor.userId, 'EDITOR');
    const cancelled = await api.withKey(editor.apiKey).post(`/jobs/${created.body.job_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      job_id: created.body.job_id,
      status: 'CANCELLED',
      website_id: null,
    });
    expect(cancelled.body.finished_at).not.toBeNull();
    expect((await api.get(`/jobs/setup/${created.body.job_id}`)).body.status).toBe('CANCELLED');
    expectProblem(await api.post(`/jobs/${created.body.job_id}/cancel`), 409, 'JOB_NOT_CANCELLABLE');
  });

  it('lets one of two racing cancels win; the other gets 409', async () => {
    const created = await setup(silent.url);
    const answers = await Promise.all([1, 2].map(() => api.post(`/jobs/${created.body.job_id}/cancel`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('stops a job in the middle of its crawl: no website lands and the free analysis is given back', async () => {
    const created = await setup(shop.url);
    const { job: crawling } = await pollJob(
      api,
      `/jobs/setup/${created.body.job_id}`,
      (job) => job.status !== 'CREATED' && (job.analysis_progress !== null || job.status !== 'ANALYZING'),
    );
    const cancelled = await api.post(`/jobs/${crawling.job_id}/cancel`);
    // The crawl may have finished between the two calls; then the cancel comes too late (409).
    if (cancelled.status === 409) {
      expect(crawling.status).not.toBe('CANCELLED');
      return;
    }
    expect(cancelled.body.status).toBe('CANCELLED');
    expect((await api.get(`/jobs/setup/${crawling.job_id}`)).body.status).toBe('CANCELLED');
    expect((await api.get('/websites', { query: { project_id: projectId } })).body).toEqual([]);
    expect((await api.get(`/customers/${customerId}`)).body.quotas.free_analyses_used).toBe(0);
  });

  it('answers 409 for a completed and for a failed job', async () => {
    const project = await newProject(customerId, owner.userId, 'Finished jobs');
    const done = await setup(shop.url, project);
    const { job: completed } = await pollJob(api, `/jobs/setup/${done.body.job_id}`);
    expect(completed.status).toBe('COMPLETED');
    expectProblem(await api.post(`/jobs/${completed.job_id}/cancel`), 409, 'JOB_NOT_CANCELLABLE');
    const broken = await setup('http://127.0.0.1:9/', project);
    const { job: failed } = await pollJob(api, `/jobs/setup/${broken.body.job_id}`);
    expect(failed.status).toBe('FAILED');
    expectProblem(await api.post(`/jobs/${failed.job_id}/cancel`), 409, 'JOB_NOT_CANCELLABLE');
  });

  it('answers 403 for a VIEWER, 404 for an unknown job and for a PROJECT key of another project', async () => {
    const created = await setup(silent.url);
    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    expectProblem(
      await api.withKey(viewer.apiKey).post(`/jobs/${created.body.job_id}/cancel`),
      403,
      'INSUFFICIENT_ROLE',
    );
    expectProblem(await api.post('/jobs/job_unknown/cancel'), 404, 'JOB_NOT_FOUND');
    const other = await newProject(customerId, owner.userId, 'Other');
    const otherKey = (await api.post('/account/api-keys', { project_id: other })).body.api_key;
    expectProblem(
      await api.withKey(otherKey).post(`/jobs/${created.body.job_id}/cancel`),
      404,
      'JOB_NOT_FOUND',
    );
    expect((await api.post(`/jobs/${created.body.job_id}/cancel`)).status).toBe(200);
  });
});
