import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './dynamo.ts';
import { HELD_HISTORY_PK, heldHistoryKey } from './keys.ts';

/**
 * Settled scrapes whose part of the price history could not be written when they finished (the data
 * bucket or the table failed): each is held here until a later sweep writes it, so no run is lost
 * from a website's history. Writing a run again is harmless: it puts the same objects.
 */
export async function holdHistoryRun(jobId: string): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...heldHistoryKey(jobId),
        type: 'HeldHistoryRun',
        job_id: jobId,
        held_at: new Date().toISOString(),
      },
    }),
  );
}

/** The jobs held, oldest job first, at most `limit`. */
export async function heldHistoryRuns(limit: number): Promise<string[]> {
  const { Items } = await dynamo.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': HELD_HISTORY_PK },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => String(item.job_id));
}

export async function releaseHistoryRun(jobId: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: tableName, Key: heldHistoryKey(jobId) }));
}
