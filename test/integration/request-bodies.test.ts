import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from '#test/api-client';
import { newCustomer, newProject, newUser } from '#test/operator';
import { startTestStack } from '#test/test-stack';

let stack: RunningStack;
let api: ApiClient;
let projectId: string;

beforeAll(async () => {
  stack = await startTestStack();
  const customerId = await newCustomer();
  const owner = await newUser(customerId, 'OWNER');
  projectId = await newProject(customerId, owner.userId);
  api = apiClient(stack.baseUrl, owner.apiKey);
});

afterAll(async () => {
  await stack?.stop();
});

describe('a JSON array as request body', () => {
  it('is 422 where an object is expected, also where the whole body is optional', async () => {
    const headers = { 'content-type': 'application/json' };
    for (const [method, path] of [
      ['PATCH', `/projects/${projectId}`],
      ['POST', '/account/api-keys'],
      ['PUT', '/account'],
      ['POST', '/jobs/setup'],
    ] as const) {
      const response = await api.request(method, path, { rawBody: '[]', headers });
      expect(response.status, `${method} ${path}`).toBe(422);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await api.request('PATCH', `/projects/${projectId}`, { rawBody: '{}', headers })).status).toBe(
      200,
    );
  });
});
