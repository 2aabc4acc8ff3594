import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShop, testShops } from '#fixtures/default-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import { freePort } from '#local/free-port';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob } from '#test/jobs';
import { addProjectMember, newProject, newUser } from '#test/operator';
import { startOwnedProject } from '#test/owned-project';

// Shops above 100 products are too large here, so a small test shop shows the path in seconds.
process.env.SETUP_MAX_PRODUCTS = '100';

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;
let large: RunningShop;
let blog: RunningShop;

beforeAll(async () => {
  ({ stack, api, customerId, projectId } = await startOwnedProject());
  [large, blog] = await Promise.all([
    startShop(testShop('woocommerce-jsonld-de')),
    startShop(testShops.find((shop) => shop.kind === 'BLOG') as (typeof testShops)[number]),
  ]);
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([large?.close(), blog?.close()]);
});

async function failedSetup(url: string) {
  const created = await api.post('/jobs/setup', {
    url,
    country: 'FR',
    currency: 'EUR',
    project_id: projectId,
  });
  expect(created.status).toBe(201);
  return (await pollJob(api, `/jobs/setup/${created.body.job_id}`)).job;
}

describe('a setup job that cannot set up its website ends FAILED with a clear error', () => {
  it.concurrent('too large: WEBSITE_TOO_LARGE as error_code and contact_reason', async () => {
    const job = await failedSetup(large.url);
    expect(job).toMatchObject({
      status: 'FAILED',
      website_id: null,
      error_code: 'WEBSITE_TOO_LARGE',
      contact_reason: 'WEBSITE_TOO_LARGE',
      error: expect.stringContaining('products'),
    });
    expect(job.analysis_progress.products_estimate).toBeGreaterThan(100);
    expect(job.finished_at).not.toBeNull();
  });

  it.concurrent('a blog: not an online shop', async () => {
    const job = await failedSetup(blog.url);
    expect(job).toMatchObject({
      status: 'FAILED',
      website_id: null,
      error_code: 'NOT_ECOMMERCE',
      contact_reason: null,
      error: expect.stringContaining('online shop'),
    });
    expect(job.analysis_progress).toMatchObject({ is_ecommerce: false, language: 'fr' });
  });

  it.concurrent('unreachable: nothing answers at the address', async () => {
    const job = await failedSetup(`http://127.0.0.1:${await freePort()}/`);
    expect(job).toMatchObject({
      status: 'FAILED',
      website_id: null,
      error_code: 'UNREACHABLE',
      contact_reason: null,
      error: expect.stringContaining('could not be reached'),
    });
  });

  it('costs nothing: the free analyses of failed jobs are given back and no website lands', async () => {
    const customer = await api.get(`/customers/${customerId}`);
    expect(customer.body.quotas).toMatchObject({ free_analyses_used: 0, spent_this_month: '0.00' });
    expect((await api.get('/websites', { query: { project_id: projectId } })).body).toEqual([]);
  });
});

describe('asking support about a failed job', () => {
  it('records one contact request per failed job, for ADMIN or EDITOR of its project', async () => {
    const job = await failedSetup(large.url);
    const ask = {
      reason: 'SUPPORT',
      job_id: job.job_id,
      contact_reason: 'WEBSITE_TOO_LARGE',
      message: 'Please scrape it anyway.',
    };

    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    expectProblem(await api.withKey(viewer.apiKey).post('/contact-requests', ask), 403, 'INSUFFICIENT_ROLE');
    const otherOwner = await newUser(customerId, 'OWNER');
    const otherProject = await newProject(customerId, otherOwner.userId);
    const keyOfOther = (
      await api.withKey(otherOwner.apiKey).post('/account/api-keys', { project_id: otherProject })
    ).body;
    expectProblem(await api.withKey(keyOfOther.api_key).post('/contact-requests', ask), 404, 'JOB_NOT_FOUND');
    expectProblem(
      await api.post('/contact-requests', { ...ask, contact_reason: 'SOMETHING_ELSE' }),
      409,
      'CONTACT_REASON_MISMATCH',
    );

    const editor = await newUser();
    await addProjectMember(projectId, editor.userId, 'EDITOR');
    const first = await api.withKey(editor.apiKey).post('/contact-requests', ask);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      team: 'SUPPORT',
      job_id: job.job_id,
      contact_reason: 'WEBSITE_TOO_LARGE',
      project_id: projectId,
    });
    const again = await api.post('/contact-requests', { ...ask, message: 'Any news?' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await api.get(`/jobs/setup/${job.job_id}`)).body.contact_request_id).toBe(
      first.body.contact_request_id,
    );
  });
});
