import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

interface Consumed {
  CapacityUnits?: number;
}

/** The commands that write: their consumed capacity is write units. */
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

/**
 * Counts the write units DynamoDB itself reports for every write the client sends from now on: each
 * write asks for `ReturnConsumedCapacity: TOTAL` and its answer's units are added up (a transaction's
 * per table). DynamoDB Local reports them as DynamoDB bills them: one unit per KB started of the
 * larger of the item before and after, twice that inside a transaction.
 */
export function meterWriteUnits(client: DynamoDBDocumentClient) {
  const counted = { writeUnits: 0, writes: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const write = WRITES.has(context.commandName ?? '');
      if (write) (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (write) {
        const consumed = (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity;
        if (consumed === undefined)
          throw new Error(`DynamoDB reported no consumed capacity for ${context.commandName}`);
        counted.writes++;
        for (const table of [consumed].flat()) counted.writeUnits += table.CapacityUnits ?? 0;
      }
      return result;
    },
    // A later meter takes over from an earlier one on the same client.
    { step: 'initialize', name: 'meterWriteUnits', override: true },
  );
  return {
    reset() {
      counted.writeUnits = 0;
      counted.writes = 0;
    },
    counted: () => ({ ...counted }),
  };
}
