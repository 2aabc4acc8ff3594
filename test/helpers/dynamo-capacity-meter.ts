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

/** The commands that read: their consumed capacity is read units. */
const READS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'TransactGetItemsCommand']);

/**
 * Counts the read requests the client sends from now on and the read units DynamoDB reports for them
 * (a strongly consistent read: one unit per 4 KB started, of each item for a get or a batch get, of
 * the items together for a query).
 */
export function meterReadUnits(client: DynamoDBDocumentClient) {
  const counted = { readUnits: 0, reads: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const read = READS.has(context.commandName ?? '');
      if (read) (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (read) {
        const consumed = (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity;
        if (consumed === undefined)
          throw new Error(`DynamoDB reported no consumed capacity for ${context.commandName}`);
        counted.reads++;
        for (const table of [consumed].flat()) counted.readUnits += table.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'meterReadUnits', override: true },
  );
  return {
    reset() {
      counted.readUnits = 0;
      counted.reads = 0;
    },
    counted: () => ({ ...counted }),
  };
}
