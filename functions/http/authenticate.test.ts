import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateApiKey, hashApiKey } from '#accounts/api-key';
import type { HttpEvent } from '#platform/http-event';
import { handler } from './account/list-api-keys.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);

afterEach(() => {
  dynamo.reset();
});

function event(headers: Record<string, string>, query?: Record<string, string>): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'GET /account/api-keys',
    rawPath: '/v1/account/api-keys',
    rawQueryString: '',
    headers,
    queryStringParameters: query,
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1' } as HttpEvent['requestContext'],
  };
}

const context = { awsRequestId: 'aws-1', getRemainingTimeInMillis: () => 10_000 } as Context;

describe('authentication middleware (mocked DynamoDB)', () => {
  it('refuses a look-alike key without reading the table', async () => {
    const response = await handler(event({ authorization: 'Bearer pds_notarealkey' }), context);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ code: 'INVALID_API_KEY', request_id: 'req-1' });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('looks a key up by its hash once, then serves it from the cache', async () => {
    const key = generateApiKey();
    // Prepare
    dynamo.on(GetCommand).resolves({
      Item: { user_id: 'usr_1', key_id: 'key_1', scope: 'USER', project_id: null },
    });
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    // The key's rate-limit bucket does not exist yet.
    dynamo.on(GetCommand, { Key: { PK: 'RATE#key_1', SK: 'RATE' } }).resolves({});
    // Act
    const first = await handler(event({ authorization: `Bearer ${key}` }), context);
    const second = await handler(event({ authorization: `Bearer ${key}` }), context);
    // Assess
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const lookups = dynamo
      .commandCalls(GetCommand)
      .filter((call) => !String(call.args[0].input.Key?.PK).startsWith('RATE#'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.args[0].input.Key).toEqual({ PK: `APIKEY#${hashApiKey(key)}`, SK: 'APIKEY' });
  });

  it('answers a PROJECT key with 403 INSUFFICIENT_SCOPE on a USER route', async () => {
    const key = generateApiKey();
    dynamo
      .on(GetCommand)
      .resolves({ Item: { user_id: 'usr_1', key_id: 'key_2', scope: 'PROJECT', project_id: 'prj_1' } });
    dynamo.on(GetCommand, { Key: { PK: 'RATE#key_2', SK: 'RATE' } }).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    const response = await handler(event({ token: key }), context);
    expect(response.statusCode).toBe(403);
    expect(response.headers?.deprecation).toBe('true');
    expect(JSON.parse(response.body ?? '{}').code).toBe('INSUFFICIENT_SCOPE');
  });

  it('refuses a key whose bucket is empty with 429 and Retry-After, before the handler reads anything', async () => {
    const key = generateApiKey();
    dynamo
      .on(GetCommand)
      .resolves({ Item: { user_id: 'usr_1', key_id: 'key_3', scope: 'USER', project_id: null } });
    // The bucket's arrival time runs a minute ahead: both conditional writes fail, nothing is left,
    // and the failure carries the bucket as it stood (ALL_OLD, in attribute-value form).
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(UpdateCommand, { Key: { PK: 'RATE#key_3', SK: 'RATE' } }).rejects(
      Object.assign(new Error('The conditional request failed'), {
        name: 'ConditionalCheckFailedException',
        Item: { PK: { S: 'RATE#key_3' }, SK: { S: 'RATE' }, at_ms: { N: String(Date.now() + 60_000) } },
      }),
    );
    const response = await handler(event({ authorization: `Bearer ${key}` }), context);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers?.['retry-after'])).toBeGreaterThanOrEqual(50);
    const bucketReads = dynamo
      .commandCalls(GetCommand)
      .filter((call) => String(call.args[0].input.Key?.PK).startsWith('RATE#'));
    expect(bucketReads).toHaveLength(0);
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ code: 'RATE_LIMITED', request_id: 'req-1' });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('maps a DynamoDB failure to a 500 problem without the raw error', async () => {
    const key = generateApiKey();
    dynamo.on(GetCommand).rejects(new Error('secret internal detail'));
    const response = await handler(event({ authorization: `Bearer ${key}` }), context);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret internal detail');
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ code: 'INTERNAL_ERROR', request_id: 'req-1' });
  });
});
