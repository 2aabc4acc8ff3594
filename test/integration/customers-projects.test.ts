import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { addProjectMember, newCustomer, newProject, newUser } from '#test/operator';
import { startTestStack } from '#test/test-stack';

let stack: RunningStack;
let api: ApiClient;

beforeAll(async () => {
  stack = await startTestStack();
  api = apiClient(stack.baseUrl);
});
afterAll(() => stack?.stop());

async function projectKeyFor(ownerKey: string, projectId: string): Promise<string> {
  const created = await api.withKey(ownerKey).post('/account/api-keys', { project_id: projectId });
  expect(created.status).toBe(201);
  return created.body.api_key;
}

describe('customers', () => {
  it('lists memberships with the role and reads the customer with quotas for OWNER and ADMIN', async () => {
    const customerId = await newCustomer('Acme');
    const owner = await newUser(customerId, 'OWNER');
    const admin = await newUser(customerId, 'ADMIN');
    const listed = await api.withKey(owner.apiKey).get('/customers');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ customer_id: customerId, name: 'Acme', role: 'OWNER', managed: false }]);
    for (const [key, role] of [
      [owner.apiKey, 'OWNER'],
      [admin.apiKey, 'ADMIN'],
    ] as const) {
      const read = await api.withKey(key).get(`/customers/${customerId}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ customer_id: customerId, name: 'Acme', role });
      expect(read.body.quotas).toEqual({
        max_projects: 10,
        projects_used: 0,
        free_analyses_per_month: 3,
        free_analyses_used: 0,
        monthly_spend_limit: '1000.00',
        spent_this_month: '0.00',
        topup_min: '10.00',
        topup_max: '5000.00',
      });
    }
  });

  it('answers 403 for a MEMBER and a non-member, 404 for an unknown customer, 403 for a managed one', async () => {
    const customerId = await newCustomer();
    const member = await newUser(customerId, 'MEMBER');
    const stranger = await newUser();
    expectProblem(await api.withKey(member.apiKey).get(`/customers/${customerId}`), 403, 'INSUFFICIENT_ROLE');
    expectProblem(await api.withKey(stranger.apiKey).get(`/customers/${customerId}`), 403, 'NOT_A_MEMBER');
    expectProblem(
      await api.withKey(stranger.apiKey).get('/customers/cus_unknown'),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    const managedId = await newCustomer('Managed', true);
    const managedOwner = await newUser(managedId, 'OWNER');
    expectProblem(
      await api.withKey(managedOwner.apiKey).get(`/customers/${managedId}`),
      403,
      'MANAGED_CUSTOMER',
    );
    expect((await api.withKey(managedOwner.apiKey).get('/customers')).body).toEqual([
      { customer_id: managedId, name: 'Managed', role: 'OWNER', managed: true },
    ]);
  });

  it('refuses PROJECT keys on every customer endpoint with 403 INSUFFICIENT_SCOPE', async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const projectId = await newProject(customerId, owner.userId);
    const projectKey = api.withKey(await projectKeyFor(owner.apiKey, projectId));
    expectProblem(await projectKey.get('/customers'), 403, 'INSUFFICIENT_SCOPE');
    expectProblem(await projectKey.get(`/customers/${customerId}`), 403, 'INSUFFICIENT_SCOPE');
    expectProblem(
      await projectKey.post(`/customers/${customerId}/projects`, {
        name: 'x',
        localization: { country: 'DE', currency: 'EUR' },
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });
});

describe('creating projects', () => {
  it('creates a project whose creator becomes ADMIN, with the locale derived from the country', async () => {
    const customerId = await newCustomer();
    const admin = await newUser(customerId, 'ADMIN');
    const created = await api.withKey(admin.apiKey).post(`/customers/${customerId}/projects`, {
      name: 'Prices CZ',
      localization: { country: 'CZ', currency: 'CZK' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      project_id: expect.stringMatching(/^prj_/),
      name: 'Prices CZ',
      customer_id: customerId,
      is_default: false,
      localization: { country: 'CZ', currency: 'CZK', locale: 'cs-CZ' },
      change_threshold_percent: null,
      auto_accept_confidence: 0.95,
      crawl_proxy_host: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const renamed = await api
      .withKey(admin.apiKey)
      .patch(`/projects/${created.body.project_id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    const customer = await api.withKey(admin.apiKey).get(`/customers/${customerId}`);
    expect(customer.body.quotas.projects_used).toBe(1);
  });

  it.each([
    ['country XX', { name: 'p', localization: { country: 'XX', currency: 'EUR' } }, 400, 'INVALID_COUNTRY'],
    [
      'currency EURO',
      { name: 'p', localization: { country: 'DE', currency: 'EURO' } },
      400,
      'INVALID_CURRENCY',
    ],
    [
      'lower-case codes',
      { name: 'p', localization: { country: 'de', currency: 'eur' } },
      400,
      'INVALID_COUNTRY',
    ],
    [
      'a name of only spaces',
      { name: '   ', localization: { country: 'DE', currency: 'EUR' } },
      422,
      'VALIDATION_ERROR',
    ],
    [
      '101 multi-byte characters',
      { name: 'ř'.repeat(101), localization: { country: 'DE', currency: 'EUR' } },
      422,
      'VALIDATION_ERROR',
    ],
    ['localization null', { name: 'p', localization: null }, 422, 'VALIDATION_ERROR'],
    ['no localization', { name: 'p' }, 422, 'VALIDATION_ERROR'],
    ['country missing', { name: 'p', localization: { currency: 'EUR' } }, 422, 'VALIDATION_ERROR'],
  ])('refuses %s', async (_, body, status, code) => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const response = await api.withKey(owner.apiKey).post(`/customers/${customerId}/projects`, body);
    expectProblem(response, status, code);
    if (status === 422) expect(response.body.errors[0].location).toBe('body');
  });

  it('answers 400 PROJECT_LIMIT_REACHED at the limit, even for racing creates', async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    await commands['set-quotas']({ customer: customerId, 'max-projects': '2' });
    const body = { name: 'p', localization: { country: 'DE', currency: 'EUR' } };
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.withKey(owner.apiKey).post(`/customers/${customerId}/projects`, body),
      ),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(2);
    for (const refused of results.filter((result) => result.status !== 201)) {
      expectProblem(refused, 400, 'PROJECT_LIMIT_REACHED');
    }
    expect((await api.withKey(owner.apiKey).get(`/customers/${customerId}`)).body.quotas.projects_used).toBe(
      2,
    );
  });

  it('answers 403 for a MEMBER, a non-member and a managed customer, 404 for an unknown one', async () => {
    const body = { name: 'p', localization: { country: 'DE', currency: 'EUR' } };
    const customerId = await newCustomer();
    const member = await newUser(customerId, 'MEMBER');
    const stranger = await newUser();
    expectProblem(
      await api.withKey(member.apiKey).post(`/customers/${customerId}/projects`, body),
      403,
      'INSUFFICIENT_ROLE',
    );
    expectProblem(
      await api.withKey(stranger.apiKey).post(`/customers/${customerId}/projects`, body),
      403,
      'NOT_A_MEMBER',
    );
    expectProblem(
      await api.withKey(stranger.apiKey).post('/customers/cus_nope/projects', body),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    const managedId = await newCustomer('Managed', true);
    const managedOwner = await newUser(managedId, 'OWNER');
    expectProblem(
      await api.withKey(managedOwner.apiKey).post(`/customers/${managedId}/projects`, body),
      403,
      'MANAGED_CUSTOMER',
    );
  });
});

describe('listing and updating projects', () => {
  it('lists the projects a user can access; a PROJECT key sees only its project', async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const first = await newProject(customerId, owner.userId, 'First');
    const second = await newProject(customerId, owner.userId, 'Second');
    const all = await api.withKey(owner.apiKey).get('/projects');
    expect(all.status).toBe(200);
    expect(all.body.map((project: any) => project.project_id).sort()).toEqual([first, second].sort());
    const scoped = await api.withKey(await projectKeyFor(owner.apiKey, first)).get('/projects');
    expect(scoped.body.map((project: any) => project.project_id)).toEqual([first]);
  });

  it("gives each listed project the caller's own role in it", async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const projectId = await newProject(customerId, owner.userId, 'Roles');
    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    const roleOf = async (key: string) =>
      (await api.withKey(key).get('/projects')).body.find((project: any) => project.project_id === projectId)
        ?.role;
    expect(await roleOf(owner.apiKey)).toBe('ADMIN');
    expect(await roleOf(viewer.apiKey)).toBe('VIEWER');
  });

  it('hides projects of managed customers from self-service', async () => {
    const managedId = await newCustomer('Managed', true);
    const managedOwner = await newUser(managedId, 'OWNER');
    const hidden = await newProject(managedId, managedOwner.userId);
    expect((await api.withKey(managedOwner.apiKey).get('/projects')).body).toEqual([]);
    expectProblem(
      await api.withKey(managedOwner.apiKey).get(`/projects/${hidden}`),
      404,
      'PROJECT_NOT_FOUND',
    );
  });

  it('lets an ADMIN rename, change and remove the localization; an empty object changes nothing', async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const projectId = await newProject(customerId, owner.userId);
    const admin = api.withKey(owner.apiKey);
    const unchanged = await admin.patch(`/projects/${projectId}`, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.name).toBe('Test project');
    const moved = await admin.patch(`/projects/${projectId}`, {
      localization: { country: 'PL', currency: 'PLN' },
    });
    expect(moved.body.localization).toEqual({ country: 'PL', currency: 'PLN', locale: 'pl-PL' });
    const cleared = await admin.patch(`/projects/${projectId}`, { name: null, localization: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ name: 'Test project', localization: null });
    expectProblem(
      await admin.patch(`/projects/${projectId}`, { localization: { country: 'XX', currency: 'EUR' } }),
      400,
      'INVALID_COUNTRY',
    );
    expectProblem(await admin.patch(`/projects/${projectId}`, { name: '' }), 422, 'VALIDATION_ERROR');
  });

  it('keeps a crawl proxy sealed: the project shows only its host, never the credentials; null removes it', async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const projectId = await newProject(customerId, owner.userId);
    const admin = api.withKey(owner.apiKey);

    const set = await admin.patch(`/projects/${projectId}`, {
      crawl_proxy: 'http://shop-user:s3cret-pw@proxy.example:3128',
    });

    expect(set.status).toBe(200);
    expect(set.body.crawl_proxy_host).toBe('proxy.example:3128');
    const read = await admin.get(`/projects/${projectId}`);
    const listed = await admin.get('/projects');
    for (const answer of [set, read, listed])
      expect(JSON.stringify(answer.body)).not.toMatch(/s3cret|shop-user/);
    expect(read.body.crawl_proxy_host).toBe('proxy.example:3128');
    const cleared = await admin.patch(`/projects/${projectId}`, { crawl_proxy: null });
    expect(cleared.body.crawl_proxy_host).toBeNull();
  });

  it.each([
    ['a socks proxy', 'socks5://u:s3cret@proxy.example:1080', /http:\/\/ or https:\/\//],
    ['a page URL', 'https://u:s3cret@proxy.example/login?next=1', /path, query or fragment/],
    ['no URL', 'proxy example', /not a URL/],
    ['a number', 3128, /proxy URL/],
  ])(
    'refuses %s as crawl_proxy with a 422 naming the field, not echoing it',
    async (_case, crawlProxy, message) => {
      const customerId = await newCustomer();
      const owner = await newUser(customerId, 'OWNER');
      const projectId = await newProject(customerId, owner.userId);

      const refused = await api
        .withKey(owner.apiKey)
        .patch(`/projects/${projectId}`, { crawl_proxy: crawlProxy });

      expectProblem(refused, 422, 'VALIDATION_ERROR');
      expect(refused.body.errors).toEqual([
        { location: 'body', path: 'crawl_proxy', message: expect.stringMatching(message) },
      ]);
      expect(JSON.stringify(refused.body)).not.toContain('s3cret');
    },
  );

  it('answers 403 PROJECT_ACCESS_DENIED to any caller who cannot administer the project, known or not', async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const projectId = await newProject(customerId, owner.userId);
    const otherProject = await newProject(customerId, owner.userId, 'Other');
    const viewer = await newUser();
    const editor = await newUser();
    const stranger = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    await addProjectMember(projectId, editor.userId, 'EDITOR');
    const ownersKeyForOther = await projectKeyFor(owner.apiKey, otherProject);
    for (const [key, target] of [
      [viewer.apiKey, projectId],
      [editor.apiKey, projectId],
      [stranger.apiKey, projectId],
      [owner.apiKey, 'prj_doesnotexist'],
      [ownersKeyForOther, projectId],
    ] as const) {
      expectProblem(
        await api.withKey(key).patch(`/projects/${target}`, { name: 'x' }),
        403,
        'PROJECT_ACCESS_DENIED',
      );
    }
  });

  it('gives a PROJECT key of project A the not-found answer for project B, and VIEWERs read access', async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const projectA = await newProject(customerId, owner.userId, 'A');
    const projectB = await newProject(customerId, owner.userId, 'B');
    const keyA = api.withKey(await projectKeyFor(owner.apiKey, projectA));
    expect((await keyA.get(`/projects/${projectA}`)).status).toBe(200);
    expectProblem(await keyA.get(`/projects/${projectB}`), 404, 'PROJECT_NOT_FOUND');
    const viewer = await newUser();
    await addProjectMember(projectA, viewer.userId, 'VIEWER');
    expect((await api.withKey(viewer.apiKey).get(`/projects/${projectA}`)).status).toBe(200);
    expectProblem(await api.withKey(viewer.apiKey).get(`/projects/${projectB}`), 404, 'PROJECT_NOT_FOUND');
  });
});
