import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, type TransactItem, tableName } from './dynamo.ts';
import { setupWindowKey } from './keys.ts';

/** A customer's setup creations still inside the hour, as last written, and the write's version. */
export interface SetupWindow {
  times: number[];
  version: number;
}

export async function readSetupWindow(customerId: string): Promise<SetupWindow> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: tableName, Key: setupWindowKey(customerId), ConsistentRead: true }),
  );
  return Item
    ? { times: (Item.times as number[]).map(Number), version: Number(Item.version) }
    : { times: [], version: 0 };
}

/**
 * Replaces the window with `times`, inside the transaction that creates the setup job: the write
 * holds only if no other create wrote the window since it was read, so racing creates never pass
 * the cap together. The item expires once its newest time has left the window.
 */
export function writeSetupWindow(
  customerId: string,
  read: SetupWindow,
  times: number[],
  windowMs: number,
): TransactItem {
  const newest = Math.max(...times);
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...setupWindowKey(customerId),
        times,
        version: read.version + 1,
        expires_at: Math.ceil((newest + windowMs) / 1000) + 60,
      },
      ConditionExpression: read.version === 0 ? 'attribute_not_exists(PK)' : 'version = :was',
      ...(read.version === 0 ? {} : { ExpressionAttributeValues: { ':was': read.version } }),
    },
  };
}
