import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { addProjectMember, newCustomer, newProject, newUser } from '#test/operator';
import { startTestStack } from '#test/test-stack';

let stack: RunningStack;
let api: ApiClient;

beforeAll(async () => {
  stack = await startTestStack();
  api = apiClient(stack.baseUrl, stack.demo?.apiKey ?? null);
});
afterAll(() => stack?.stop());

describe('authentication', () => {
  it('answers 401 NOT_AUTHENTICATED without a key', async () => {
    expectProblem(await api.get('/account', { key: null }), 401, 'NOT_AUTHENTICATED');
  });

  it('answers 401 NOT_AUTHENTICATED for an Authorization header that is not Bearer', async () => {
    expectProblem(
      await api.get('/account', { key: null, headers: { authorization: 'Basic abc' } }),
      401,
      'NOT_AUTHENTICATED',
    );
  });

  it('answers 401 INVALID_API_KEY for a key of the right prefix but wrong length or checksum', async () => {
    const key = stack.demo?.apiKey ?? '';
    expectProblem(await api.get('/account', { key: `${key}x` }), 401, 'INVALID_API_KEY');
    const flipped = `${key.slice(0, 10)}${key[10] === 'A' ? 'B' : 'A'}${key.slice(11)}`;
    expectProblem(await api.get('/account', { key: flipped }), 401, 'INVALID_API_KEY');
  });

  it('answers 401 INVALID_API_KEY for a well-formed key nobody was given', async () => {
    const { apiKey } = await newUser();
    const stranger = apiKey.slice(0, 4) + [...apiKey.slice(4, 40)].reverse().join('');
    expectProblem(await api.get('/account', { key: stranger }), 401, 'INVALID_API_KEY');
  });

  it('accepts the deprecated token header and query, saying Deprecation: true', async () => {
    const key = stack.demo?.apiKey ?? '';
    const viaHeader = await api.get('/account', { key: null, headers: { token: key } });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.headers.get('deprecation')).toBe('true');
    const viaQuery = await api.get('/account', { key: null, query: { token: key } });
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.headers.get('deprecation')).toBe('true');
    const bearer = await api.get('/account');
    expect(bearer.headers.get('deprecation')).toBeNull();
  });

  it('accepts the same key in header and query, and refuses two different keys', async () => {
    const key = stack.demo?.apiKey ?? '';
    expect((await api.get('/account', { query: { token: key } })).status).toBe(200);
    const { apiKey: other } = await newUser();
    expectProblem(await api.get('/account', { query: { token: other } }), 401, 'INVALID_API_KEY');
  });
});

describe('account', () => {
  it('reads and renames the account', async () => {
    const { apiKey } = await newUser();
    const mine = api.withKey(apiKey);
    const before = await mine.get('/account');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      user_id: expect.stringMatching(/^usr_/),
      name: expect.any(String),
      email: expect.any(String),
      created_at: expect.any(String),
    });
    const renamed = await mine.put('/account', { name: '  Žofie Nováková  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...before.body, name: 'Žofie Nováková' });
    expect((await mine.get('/account')).body.name).toBe('Žofie Nováková');
  });

  it.each([
    ['an empty body', undefined, undefined],
    ['a body that is not JSON', undefined, '{"name":'],
    ['an empty name', { name: '' }, undefined],
    ['a name of spaces', { name: '   ' }, undefined],
    ['a name of 101 characters', { name: 'é'.repeat(101) }, undefined],
    ['a name of the wrong type', { name: 42 }, undefined],
    ['an unknown field', { name: 'Ann', role: 'OWNER' }, undefined],
    [
      'a name with a line break (a mail header injection)',
      { name: 'Ann\r\nBcc: all@evil.example' },
      undefined,
    ],
  ])('refuses %s with 422 naming the location', async (_, body, rawBody) => {
    const response = await api.request('PUT', '/account', {
      body,
      rawBody,
      headers: rawBody ? { 'content-type': 'application/json' } : {},
    });
    expectProblem(response, 422, 'VALIDATION_ERROR');
    expect(response.body.errors[0]).toMatchObject({ location: 'body', message: expect.any(String) });
  });

  it('accepts a name of exactly 100 multi-byte characters', async () => {
    const { apiKey } = await newUser();
    const response = await api.withKey(apiKey).put('/account', { name: '语'.repeat(100) });
    expect(response.status).toBe(200);
  });
});

describe('API keys', () => {
  it('rotates: create, switch, revoke; the old key is refused and the list shows only suffixes', async () => {
    const { apiKey: first } = await newUser();
    const created = await api.withKey(first).post('/account/api-keys', { name: 'ci' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      api_key: expect.stringMatching(/^pds_/),
      key_id: expect.stringMatching(/^key_/),
      scope: 'USER',
    });
    const second = api.withKey(created.body.api_key);
    const listed = await second.get('/account/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const item = listed.body.find((key: any) => key.key_id === created.body.key_id);
    expect(item).toEqual({
      key_id: created.body.key_id,
      name: 'ci',
      scope: 'USER',
      project_id: null,
      key_suffix: created.body.api_key.slice(-4),
      created_at: expect.any(String),
      last_used_at: expect.any(String),
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.api_key);
    const firstId = listed.body.find((key: any) => key.key_id !== created.body.key_id).key_id;
    expect((await second.delete(`/account/api-keys/${firstId}`)).status).toBe(204);
    expectProblem(await api.get('/account', { key: first }), 401, 'INVALID_API_KEY');
    expect((await second.get('/account')).status).toBe(200);
    expect((await second.get('/account/api-keys')).body).toHaveLength(1);
  });

  it('answers 404 for a key id of another user, and 422 for a key id with an encoded slash', async () => {
    const { apiKey: mine } = await newUser();
    const { apiKey: theirs } = await newUser();
    const [theirKey] = (await api.withKey(theirs).get('/account/api-keys')).body;
    expectProblem(
      await api.withKey(mine).delete(`/account/api-keys/${theirKey.key_id}`),
      404,
      'API_KEY_NOT_FOUND',
    );
    expect((await api.withKey(theirs).get('/account')).status).toBe(200);
    expectProblem(await api.withKey(mine).delete('/account/api-keys/a%2Fb'), 422, 'VALIDATION_ERROR');
  });

  it('creates a PROJECT key for a project the caller administers; it is refused on account endpoints', async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const projectId = await newProject(customerId, owner.userId);
    const created = await api
      .withKey(owner.apiKey)
      .post('/account/api-keys', { name: 'one project', project_id: projectId });
    expect(created.status).toBe(201);
    expect(created.body.scope).toBe('PROJECT');
    const projectKey = api.withKey(created.body.api_key);
    for (const [method, path] of [
      ['GET', '/account'],
      ['PUT', '/account'],
      ['GET', '/account/api-keys'],
      ['POST', '/account/api-keys'],
      ['DELETE', `/account/api-keys/${created.body.key_id}`],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' };
      expectProblem(await projectKey.request(method, path, { body }), 403, 'INSUFFICIENT_SCOPE');
    }
  });

  it('answers 403 PROJECT_ACCESS_DENIED for a project key on an unknown, foreign or non-administered project', async () => {
    const customerId = await newCustomer();
    const owner = await newUser(customerId, 'OWNER');
    const projectId = await newProject(customerId, owner.userId);
    const stranger = await newUser();
    const editor = await newUser();
    await addProjectMember(projectId, editor.userId, 'EDITOR');
    for (const [key, project] of [
      [owner.apiKey, 'prj_unknown'],
      [stranger.apiKey, projectId],
      [editor.apiKey, projectId],
    ] as const) {
      expectProblem(
        await api.withKey(key).post('/account/api-keys', { project_id: project }),
        403,
        'PROJECT_ACCESS_DENIED',
      );
    }
  });

  it('holds at most 50 active keys per user: the 51st is 400, a revoked one makes room', async () => {
    const { apiKey } = await newUser();
    const mine = api.withKey(apiKey);
    const created = [];
    // The operator's key is the first.
    for (let i = 1; i < 50; i++) created.push(await mine.post('/account/api-keys', { name: `k${i}` }));
    expect(created.every((answer) => answer.status === 201)).toBe(true);
    expectProblem(
      await mine.post('/account/api-keys', { name: 'one too many' }),
      400,
      'API_KEY_LIMIT_REACHED',
    );
    expect((await mine.delete(`/account/api-keys/${created[0]?.body.key_id}`)).status).toBe(204);
    expect((await mine.post('/account/api-keys', { name: 'fits again' })).status).toBe(201);
    expect((await mine.get('/account/api-keys')).body).toHaveLength(50);
  });

  it('refuses a key name of 101 characters and a non-string project id with 422', async () => {
    expectProblem(await api.post('/account/api-keys', { name: 'x'.repeat(101) }), 422, 'VALIDATION_ERROR');
    expectProblem(await api.post('/account/api-keys', { project_id: 7 }), 422, 'VALIDATION_ERROR');
  });
});

describe('routing', () => {
  it('answers unknown routes with 404 and a known path with another method with 405', async () => {
    expectProblem(await api.get('/nowhere'), 404, 'ROUTE_NOT_FOUND');
    expectProblem(await api.get('/account/api-keys/key_x'), 405, 'METHOD_NOT_ALLOWED');
  });
});
