import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShop } from '#fixtures/default-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { addProjectMember, newProject, newUser } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let owner: { userId: string; apiKey: string };
let projectId: string;
let shop: RunningShop;
let job: any;

beforeAll(async () => {
  ({ stack, api, customerId, owner, projectId } = await startOwnedProject());
  shop = await startShop(testShop('shopify-jsonld-sk'));
  job = await landWebsite(api, projectId, shop.url, { country: 'SK', currency: 'EUR' });
});

afterAll(async () => {
  await stack?.stop();
  await shop?.close();
});

describe('websites', () => {
  it('lists the project’s websites and reads one with its FULL-scrape quote, for any project role', async () => {
    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    const asViewer = api.withKey(viewer.apiKey);
    const listed = await asViewer.get('/websites', { query: { project_id: projectId } });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        website_id: job.website_id,
        project_id: projectId,
        domain: new URL(shop.url).host,
        setup_job_id: job.job_id,
        language: 'sk',
        estimate: job.estimate,
      }),
    ]);
    const read = await asViewer.get(`/websites/${job.website_id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(listed.body[0]);
    const sample = await asViewer.get(`/websites/${job.website_id}/sample`);
    expect(sample.body.products.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown website or project and for a PROJECT key of another project', async () => {
    expectProblem(await api.get('/websites/web_unknown'), 404, 'WEBSITE_NOT_FOUND');
    expectProblem(await api.get('/websites/web_unknown/sample'), 404, 'WEBSITE_NOT_FOUND');
    expectProblem(
      await api.get('/websites', { query: { project_id: 'prj_unknown' } }),
      404,
      'PROJECT_NOT_FOUND',
    );
    const other = await newProject(customerId, owner.userId, 'Other');
    const otherKey = (await api.post('/account/api-keys', { project_id: other })).body.api_key;
    expectProblem(await api.withKey(otherKey).get(`/websites/${job.website_id}`), 404, 'WEBSITE_NOT_FOUND');
    expectProblem(
      await api.withKey(otherKey).get('/websites', { query: { project_id: projectId } }),
      404,
      'PROJECT_NOT_FOUND',
    );
    expect((await api.get('/websites')).status).toBe(422);
  });

  it('lets only an ADMIN remove a website (403 PROJECT_ACCESS_DENIED otherwise)', async () => {
    const editor = await newUser();
    await addProjectMember(projectId, editor.userId, 'EDITOR');
    expectProblem(
      await api.withKey(editor.apiKey).delete(`/websites/${job.website_id}`),
      403,
      'PROJECT_ACCESS_DENIED',
    );
    const stranger = await newUser();
    expectProblem(
      await api.withKey(stranger.apiKey).delete(`/websites/${job.website_id}`),
      403,
      'PROJECT_ACCESS_DENIED',
    );
  });

  it('removes a website with its jobs from the lists; the same website can then be set up again', async () => {
    expect((await api.delete(`/websites/${job.website_id}`)).status).toBe(204);
    expectProblem(await api.get(`/websites/${job.website_id}`), 404, 'WEBSITE_NOT_FOUND');
    expect((await api.get('/websites', { query: { project_id: projectId } })).body).toEqual([]);
    expect((await api.get('/jobs/setup', { query: { project_id: projectId } })).body).toEqual([]);
    expectProblem(await api.delete(`/websites/${job.website_id}`), 404, 'WEBSITE_NOT_FOUND');
    const again = await api.post('/jobs/setup', {
      url: shop.url,
      country: 'SK',
      currency: 'EUR',
      project_id: projectId,
    });
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('CREATED');
    await api.post(`/jobs/${again.body.job_id}/cancel`);
  });
});
