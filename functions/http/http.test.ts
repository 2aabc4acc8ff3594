import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateApiKey } from '#accounts/api-key';
import type { ProjectAction } from '#core/access-policy';
import type { HttpEvent } from '#platform/http-event';
import { json } from '#platform/http-response';
import { http } from './http.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);
const key = generateApiKey();

beforeEach(() => {
  // A USER key of usr_1, whose rate-limit bucket does not exist yet.
  dynamo
    .on(GetCommand)
    .resolves({ Item: { user_id: 'usr_1', key_id: 'key_1', scope: 'USER', project_id: null } });
  dynamo.on(GetCommand, { Key: { PK: 'RATE#key_1', SK: 'RATE' } }).resolves({});
  dynamo.on(UpdateCommand).resolves({});
});
afterEach(() => {
  dynamo.reset();
});

function event(routeKey: string, rawPath: string, pathParameters?: Record<string, string>): HttpEvent {
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { authorization: `Bearer ${key}` },
    pathParameters,
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1' } as HttpEvent['requestContext'],
  };
}

// A fresh context per call: the factory keeps the request's state on it.
const context = () => ({ awsRequestId: 'aws-1', getRemainingTimeInMillis: () => 10_000 }) as Context;
const path = v.object({ project_id: v.string() });
const projectEvent = event('GET /projects/{project_id}', '/v1/projects/prj_1', { project_id: 'prj_1' });

describe('the handler factory and the route table’s policy action', () => {
  it('refuses the answer of a handler that forgot the check its route names, without its body', async () => {
    // Prepare: a handler of GET /projects/{project_id} (action READ) that answers without checking.
    const forgetful = http({ path, responses: { 200: null } }, async ({ path }) =>
      json(200, { project_id: path.project_id, secret: 'another customer’s data' }),
    );
    // Act
    const response = await forgetful(projectEvent, context());
    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('another customer');
  });

  it('hands the handler the route’s action, and answers once a check passed', async () => {
    let checked: ProjectAction | undefined;
    const checking = http({ path, responses: { 200: null } }, async ({ guard, path }) => {
      // What an authorized* check does once the policy allowed the table's action.
      checked = guard.projectAction();
      guard.pass();
      return json(200, { project_id: path.project_id });
    });
    const response = await checking(projectEvent, context());
    expect(response.statusCode).toBe(200);
    expect(checked).toBe('READ');
  });

  it('answers without a check on a route whose row names no action', async () => {
    const account = http({ responses: { 200: null } }, async ({ principal }) =>
      json(200, { user_id: principal.userId }),
    );
    const response = await account(event('GET /account', '/v1/account'), context());
    expect(response.statusCode).toBe(200);
  });

  it('refuses a customer check on a route whose action is a project one', async () => {
    const confused = http({ path, responses: { 200: null } }, async ({ guard }) => {
      guard.customerAction();
      return json(200, {});
    });
    expect((await confused(projectEvent, context())).statusCode).toBe(500);
  });

  it('types each answer by the route’s response schema, so tsc refuses a view that drifted', async () => {
    const project = v.object({ project_id: v.string(), name: v.string() });
    const typed = http({ path, responses: { 200: project } }, async ({ guard, path, answer }) => {
      guard.pass();
      if (path.project_id === 'prj_drifted')
        // @ts-expect-error: the view lost `name`, which the schema (and so the OpenAPI document) promises.
        return answer(200, { project_id: path.project_id });
      return answer(200, { project_id: path.project_id, name: 'Shoes' });
    });
    const response = await typed(projectEvent, context());
    expect(JSON.parse(response.body ?? '{}')).toEqual({ project_id: 'prj_1', name: 'Shoes' });
  });
});
