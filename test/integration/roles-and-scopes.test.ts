import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShop } from '#fixtures/default-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';
import { addProjectMember, newCustomer, newProject, newUser } from '#test/operator';
import { startTestStack } from '#test/test-stack';

/**
 * The spec's role and scope tables, row by row, through HTTP: every actor below asks for every row,
 * and gets the status (and code) the tables say.
 */
type Actor =
  | 'owner'
  | 'customerAdmin'
  | 'member'
  | 'editor'
  | 'viewer'
  | 'stranger'
  | 'projectKey'
  | 'otherProjectKey';

let stack: RunningStack;
let shop: RunningShop;
const keys = {} as Record<Actor, string>;
let customerId: string;
let projectId: string;
let websiteId: string;
let setupJobId: string;
let scrapeJobId: string;

const as = (actor: Actor): ApiClient => apiClient(stack.baseUrl, keys[actor]);

beforeAll(async () => {
  stack = await startTestStack();
  customerId = await newCustomer();
  const owner = await newUser(customerId, 'OWNER');
  const customerAdmin = await newUser(customerId, 'ADMIN');
  const member = await newUser(customerId, 'MEMBER');
  const editor = await newUser();
  const viewer = await newUser();
  const stranger = await newUser();
  projectId = await newProject(customerId, owner.userId, 'Roles');
  const otherProject = await newProject(customerId, owner.userId, 'Other');
  await addProjectMember(projectId, editor.userId, 'EDITOR');
  await addProjectMember(projectId, viewer.userId, 'VIEWER');
  Object.assign(keys, {
    owner: owner.apiKey,
    customerAdmin: customerAdmin.apiKey,
    member: member.apiKey,
    editor: editor.apiKey,
    viewer: viewer.apiKey,
    stranger: stranger.apiKey,
  });
  const ownerApi = apiClient(stack.baseUrl, owner.apiKey);
  keys.projectKey = (await ownerApi.post('/account/api-keys', { project_id: projectId })).body.api_key;
  keys.otherProjectKey = (
    await ownerApi.post('/account/api-keys', { project_id: otherProject })
  ).body.api_key;

  shop = await startShop(testShop('shopify-jsonld-sk'));
  const setup = await ownerApi.post('/jobs/setup', {
    url: shop.url,
    country: 'SK',
    currency: 'EUR',
    project_id: projectId,
  });
  const { job } = await pollJob(ownerApi, `/jobs/setup/${setup.body.job_id}`);
  expect(job.status).toBe('COMPLETED');
  setupJobId = job.job_id;
  websiteId = job.website_id;
  scrapeJobId = (await ownerApi.post('/jobs/scraping', { project_id: projectId, website_id: websiteId })).body
    .job_id;
});

afterAll(async () => {
  await stack?.stop();
  await shop?.close();
});

async function expectAnswers(
  request: (api: ApiClient) => Promise<{ status: number; body: any }>,
  expected: Partial<Record<Actor, number | [number, string]>>,
) {
  for (const [actor, answer] of Object.entries(expected) as [Actor, number | [number, string]][]) {
    const [status, code] = Array.isArray(answer) ? answer : [answer, undefined];
    const response = await request(as(actor));
    expect(response.status, `${actor}: ${JSON.stringify(response.body)}`).toBe(status);
    if (code) expect(response.body.code, actor).toBe(code);
  }
}

const SCOPE = [403, 'INSUFFICIENT_SCOPE'] as [number, string];
const ROLE = [403, 'INSUFFICIENT_ROLE'] as [number, string];
const HIDDEN = [404, 'PROJECT_NOT_FOUND'] as [number, string];
const DENIED = [403, 'PROJECT_ACCESS_DENIED'] as [number, string];

describe('customer roles: OWNER or ADMIN', () => {
  it('read the customer with its quotas', () =>
    expectAnswers((api) => api.get(`/customers/${customerId}`), {
      owner: 200,
      customerAdmin: 200,
      member: ROLE,
      stranger: [403, 'NOT_A_MEMBER'],
      projectKey: SCOPE,
    }));

  it('read billing', () =>
    expectAnswers((api) => api.get(`/customers/${customerId}/billing/balance`), {
      owner: 200,
      customerAdmin: 200,
      member: ROLE,
      stranger: [403, 'NOT_A_MEMBER'],
      projectKey: SCOPE,
    }));

  it('create a project', () =>
    expectAnswers(
      (api) =>
        api.post(`/customers/${customerId}/projects`, {
          name: 'New',
          localization: { country: 'CZ', currency: 'CZK' },
        }),
      { owner: 201, customerAdmin: 201, member: ROLE, stranger: [403, 'NOT_A_MEMBER'], projectKey: SCOPE },
    ));

  it('top up the credit', () =>
    expectAnswers((api) => api.post(`/customers/${customerId}/billing/topup`, { amount: '10.00' }), {
      owner: 201,
      customerAdmin: 201,
      member: ROLE,
      stranger: [403, 'NOT_A_MEMBER'],
      projectKey: SCOPE,
    }));
});

describe('project roles', () => {
  it.each([
    ['websites', () => ['/websites', { project_id: projectId }] as const],
    ['a website', () => [`/websites/${websiteId}`, {}] as const],
    ['a sample', () => [`/websites/${websiteId}/sample`, {}] as const],
    ['setup jobs', () => ['/jobs/setup', { project_id: projectId }] as const],
    ['a setup job', () => [`/jobs/setup/${setupJobId}`, {}] as const],
    ['scrape jobs', () => ['/jobs/scraping', { project_id: projectId }] as const],
    ['a scrape job', () => [`/jobs/scraping/${scrapeJobId}`, {}] as const],
    ['matching jobs', () => ['/jobs/matching', { project_id: projectId }] as const],
    ['exports', () => ['/exports', { project_id: projectId }] as const],
  ])('any role reads %s; others get the not-found answer', async (name, target) => {
    const [path, query] = target();
    const notFound = name.startsWith('a ') ? 404 : HIDDEN;
    await expectAnswers((api) => api.get(path, { query }), {
      owner: 200,
      editor: 200,
      viewer: 200,
      projectKey: 200,
      stranger: notFound,
      otherProjectKey: notFound,
    });
  });

  it('ADMIN or EDITOR create, approve and cancel jobs; a VIEWER may not', async () => {
    const create = (api: ApiClient) =>
      api.post('/jobs/scraping', { project_id: projectId, website_id: websiteId });
    // The open FULL job exists, so creating answers it with 200.
    await expectAnswers(create, {
      owner: 200,
      editor: 200,
      projectKey: 200,
      viewer: ROLE,
      stranger: HIDDEN,
      otherProjectKey: HIDDEN,
    });
    // An EDITOR passes the role check of approval and meets the empty credit.
    await expectAnswers((api) => api.post(`/jobs/scraping/${scrapeJobId}/approve`), {
      viewer: ROLE,
      editor: [402, 'INSUFFICIENT_FUNDS'],
    });
    await expectAnswers((api) => api.post(`/jobs/${scrapeJobId}/cancel`), { viewer: ROLE, editor: 200 });
  });

  it('only an ADMIN renames the project or changes its localization (PROJECT_ACCESS_DENIED otherwise)', () =>
    expectAnswers((api) => api.patch(`/projects/${projectId}`, { name: 'Roles renamed' }), {
      editor: DENIED,
      viewer: DENIED,
      stranger: DENIED,
      otherProjectKey: DENIED,
      member: DENIED,
      owner: 200,
      projectKey: 200,
    }));

  it('only an ADMIN removes a setup job (INSUFFICIENT_ROLE otherwise) or a website (PROJECT_ACCESS_DENIED)', async () => {
    // The setup job has its website, so an ADMIN's removal is refused by the job rule, past the role check.
    await expectAnswers((api) => api.delete(`/jobs/setup/${setupJobId}`), {
      editor: ROLE,
      viewer: ROLE,
      owner: [409, 'JOB_HAS_WEBSITE'],
    });
    await expectAnswers((api) => api.delete(`/websites/${websiteId}`), {
      editor: DENIED,
      viewer: DENIED,
      otherProjectKey: DENIED,
      owner: 204,
    });
  });
});

describe('scopes', () => {
  it('a PROJECT key lists only its project; a USER key every project it can access', async () => {
    const scoped = await as('projectKey').get('/projects');
    expect(scoped.body.map((project: any) => project.project_id)).toEqual([projectId]);
    const all = await as('owner').get('/projects');
    expect(all.body.length).toBeGreaterThan(1);
  });

  it('a PROJECT key is refused on account endpoints', () =>
    expectAnswers((api) => api.get('/account/api-keys'), { projectKey: SCOPE, owner: 200 }));
});
