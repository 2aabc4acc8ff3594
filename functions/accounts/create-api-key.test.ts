import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Problem } from '#core/problem';
import { hashApiKey } from './api-key.ts';
import { createApiKey } from './create-api-key.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);

afterEach(() => dynamo.reset());

const cancelledAt = (failed: number) =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [0, 1, 2].map((index) => ({
      Code: index === failed ? 'ConditionalCheckFailed' : 'None',
    })),
  });

describe('creating an API key', () => {
  it('keeps only the hash of the key it answers, scoped to the project given', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).resolves({});
    // Act
    const created = await createApiKey({ userId: 'usr_a', name: 'ci', projectId: 'prj_a' });
    // Assess
    expect(created.scope).toBe('PROJECT');
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    const stored = JSON.stringify(items);
    expect(stored).not.toContain(created.api_key);
    expect(stored).toContain(hashApiKey(created.api_key));
    expect(items[1]?.Put?.Item).toMatchObject({ key_id: created.key_id, key_suffix: created.key_suffix });
  });

  it('is 400 API_KEY_LIMIT_REACHED when the user key count refuses one more', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelledAt(2));
    // Act
    const failure = await createApiKey({ userId: 'usr_a', name: null, projectId: null }).catch((e) => e);
    // Assess
    expect(failure).toBeInstanceOf(Problem);
    expect(failure).toMatchObject({ status: 400, code: 'API_KEY_LIMIT_REACHED' });
  });

  it('throws a lost condition of another item as it is', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelledAt(0));
    // Act / Assess
    await expect(createApiKey({ userId: 'usr_a', name: null, projectId: null })).rejects.toThrow('cancelled');
  });
});
