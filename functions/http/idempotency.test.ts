import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '#core/access-policy';
import { requestFingerprint } from '#core/idempotency';
import { NotFound } from '#core/problem';
import type { HttpEvent } from '#platform/http-event';
import { json } from '#platform/http-response';
import { findRoute, type Route } from '#platform/routes';
import { idempotent } from './idempotency.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);

afterEach(() => {
  dynamo.reset();
});

const principal: Principal = { userId: 'usr_1', keyId: 'key_1', scope: 'USER', projectId: null };
const createSetup = findRoute('POST /jobs/setup') as Route;
const listSetups = findRoute('GET /jobs/setup') as Route;
const event = (headers: Record<string, string> = { 'idempotency-key': 'k1' }): HttpEvent =>
  ({ headers, body: '{"url":"https://shop.example"}', isBase64Encoded: false }) as unknown as HttpEvent;
const DOCS_URL = 'http://127.0.0.1:3000/v1/docs';
const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

/** Runs the wrapper around work that counts its runs. */
async function run(
  route: Route,
  work: () => Promise<ReturnType<typeof json>>,
  headers?: Record<string, string>,
) {
  let runs = 0;
  const outcome = await idempotent(route, principal, event(headers), 'req-1', DOCS_URL, () => {
    runs += 1;
    return work();
  }).then(
    (response) => ({ response, error: null }),
    (error: unknown) => ({ response: null, error }),
  );
  return { ...outcome, runs };
}

const written = () => dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item);

describe('the idempotency wrapper (mocked DynamoDB)', () => {
  it('leaves routes without the column, and requests without the header, alone', async () => {
    const listed = await run(listSetups, async () => json(200, []));
    const unkeyed = await run(createSetup, async () => json(201, {}), {});
    expect([listed.runs, unkeyed.runs]).toEqual([1, 1]);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('claims the key, runs the work once and keeps its answer under the claim', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    const { response, runs } = await run(createSetup, async () => json(201, { job_id: 'job_1' }));
    expect(runs).toBe(1);
    expect(response?.statusCode).toBe(201);
    const [claim, kept] = written();
    expect(claim).toMatchObject({
      PK: 'IDEMPOTENCY#usr_1#USER',
      SK: 'POST /jobs/setup#k1',
      state: 'IN_PROGRESS',
      claim_id: 'req-1',
    });
    expect(kept).toMatchObject({ state: 'DONE', response: { statusCode: 201, body: '{"job_id":"job_1"}' } });
    expect(dynamo.commandCalls(PutCommand)[1]?.args[0].input.ConditionExpression).toBe('claim_id = :claim');
  });

  it('keeps a problem of the request (4xx) as its problem answer, and still throws it', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    const { error } = await run(createSetup, async () => {
      throw NotFound('PROJECT_NOT_FOUND');
    });
    expect(error).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    const kept = written()[1] as { response: { statusCode: number; body: string } };
    expect(kept.response.statusCode).toBe(404);
    expect(JSON.parse(kept.response.body)).toMatchObject({ code: 'PROJECT_NOT_FOUND', request_id: 'req-1' });
  });

  it('releases the key after a fault or a 5xx answer, so a retry runs anew', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    const fault = await run(createSetup, async () => {
      throw new Error('boom');
    });
    const unavailable = await run(createSetup, async () => json(503, {}));
    expect(fault.error).toMatchObject({ message: 'boom' });
    expect(unavailable.response?.statusCode).toBe(503);
    expect(written().map((item) => item?.state)).toEqual(['IN_PROGRESS', 'IN_PROGRESS']);
    const deletes = dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input);
    expect(deletes).toHaveLength(2);
    for (const input of deletes) expect(input.ExpressionAttributeValues).toEqual({ ':claim': 'req-1' });
  });

  it('replays what the winner of a lost claim kept, without running the work', async () => {
    const winner = {
      state: 'DONE',
      fingerprint: requestFingerprint({ path: {}, query: {}, body: '{"url":"https://shop.example"}' }),
      expires_at: Math.ceil(Date.now() / 1000) + 3600,
      response: { statusCode: 201, headers: {}, body: '{"job_id":"job_1"}', isBase64Encoded: false },
    };
    // The first read finds nothing; the claim then loses to a request that has answered since.
    dynamo.on(GetCommand).resolvesOnce({}).resolves({ Item: winner });
    dynamo.on(PutCommand).rejects(conditionFailed());
    const { response, runs } = await run(createSetup, async () => json(201, {}));
    expect(runs).toBe(0);
    expect(response).toMatchObject({ statusCode: 201, headers: { 'idempotent-replayed': 'true' } });
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE when the claim keeps being lost', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).rejects(conditionFailed());
    const { error, runs } = await run(createSetup, async () => json(201, {}));
    expect(runs).toBe(0);
    expect(error).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', status: 409 });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(3);
  });

  it('still answers when the answer cannot be kept: the work has happened', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).resolvesOnce({}).rejects(new Error('throttled'));
    const { response, runs } = await run(createSetup, async () => json(201, { job_id: 'job_1' }));
    expect(runs).toBe(1);
    expect(response?.statusCode).toBe(201);
  });
});
