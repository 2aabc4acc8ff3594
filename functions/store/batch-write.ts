import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query-all.ts';
import { dynamo, tableName } from './table-services.ts';

export type WriteRequest =
  | { PutRequest: { Item: Record<string, unknown> } }
  | { DeleteRequest: { Key: Record<string, unknown> } };

/** DynamoDB takes at most 25 writes in one batch. */
const BATCH = 25;

/**
 * Writes every request, 25 to a batch, writing again what a batch left unprocessed (the table was
 * throttled) after a back-off that doubles from 50 ms, as AWS advises for unprocessed items.
 */
export async function writeAll(requests: readonly WriteRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += BATCH) {
    let pending = requests.slice(start, start + BATCH);
    for (let round = 0; pending.length > 0; round++) {
      if (round > 0) await sleep(Math.min(50 * 2 ** (round - 1), 5_000));
      const { UnprocessedItems }: BatchWriteCommandOutput = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
      );
      pending = (UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
    }
  }
}

/** Deletes every item of a partition: what is left of an entity once its main item is gone. */
export async function deletePartition(pk: string): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'PK, SK',
  });
  await writeAll(items.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
}
