import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './dynamo.ts';
import { websiteHistoryKey } from './keys.ts';

/** The newest scrape run appended to a website's price history. */
export interface HistoryPointer {
  website_id: string;
  project_id: string;
  /** The job of the run: the version its history export files name. */
  version: string;
  recorded_at: string;
}

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
