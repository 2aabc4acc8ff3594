import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { websiteHistoryKey } from '#store/keys';
import { dynamo, tableName } from '#store/table-services';
import type { HistoryPointer } from './change-record.ts';

export async function putHistoryPointer(pointer: HistoryPointer): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...websiteHistoryKey(pointer.website_id), type: 'HistoryPointer', ...pointer },
    }),
  );
}

/** The website's newest history run, or null before its first. */
export async function getHistoryPointer(websiteId: string): Promise<HistoryPointer | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: websiteHistoryKey(websiteId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const { PK: _pk, SK: _sk, type: _type, ...pointer } = Item;
  return pointer as HistoryPointer;
}
