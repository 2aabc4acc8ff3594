import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dynamoWebsiteStore } from './dynamo-website-store.ts';
import type { Website } from './website.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);

afterEach(() => dynamo.reset());

/** A website as a setup before rendering was decided stored it: no `rendering`. */
const stored = {
  website_id: 'web_a',
  project_id: 'prj_a',
  url: 'https://shop.example/',
  domain: 'shop.example',
};
const website = stored as Website;

const cancelled = (code: string) =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: code }, { Code: 'None' }],
  });

describe('the website store', () => {
  it('removes the website with its identity in one transaction, then the rest of its partition', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [{ PK: 'WEBSITE#web_a', SK: 'PROFILE' }] });
    dynamo.on(BatchWriteCommand).resolves({});
    // Act
    const removed = await dynamoWebsiteStore.remove(website);
    // Assess
    expect(removed).toBe(true);
    const [transaction] = dynamo.commandCalls(TransactWriteCommand);
    const [ownItem, identity] = transaction?.args[0].input.TransactItems ?? [];
    expect(ownItem?.Delete?.ConditionExpression).toBe('attribute_exists(PK)');
    expect(identity?.Delete?.ExpressionAttributeValues).toEqual({ ':id': 'web_a' });
    expect(dynamo.commandCalls(BatchWriteCommand)[0]?.args[0].input.RequestItems?.['unit-table']).toEqual([
      { DeleteRequest: { Key: { PK: 'WEBSITE#web_a', SK: 'PROFILE' } } },
    ]);
  });

  it('answers false for a website removed meanwhile, and leaves its partition alone', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    // Act
    const removed = await dynamoWebsiteStore.remove(website);
    // Assess
    expect(removed).toBe(false);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('throws a failure that is no lost condition', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    // Act / Assess
    await expect(dynamoWebsiteStore.remove(website)).rejects.toThrow('cancelled');
  });

  it('reads a website set up before rendering was decided as read over HTTP, without its keys', async () => {
    // Prepare
    dynamo.on(GetCommand).resolves({
      Item: { PK: 'WEBSITE#web_a', SK: 'WEBSITE', GSI1PK: 'x', GSI1SK: 'y', type: 'Website', ...stored },
    });
    // Act
    const read = await dynamoWebsiteStore.get('web_a');
    // Assess
    expect(read).toEqual({ rendering: 'HTTP', ...stored });
  });
});
