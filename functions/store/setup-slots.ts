import { type TransactItem, tableName } from './dynamo.ts';
import { beginsWith, setupSlotKey, setupSlotsPrefix } from './keys.ts';
import { queryAll } from './query-all.ts';

/** When each of the customer's setup slots was last taken, by slot number (a consistent read). */
export async function readSetupSlots(customerId: string): Promise<Map<number, number>> {
  const items = await queryAll({
    ...beginsWith(setupSlotsPrefix(customerId)),
    ProjectionExpression: 'slot, taken_at_ms',
    ConsistentRead: true,
  });
  return new Map(items.map((item) => [Number(item.slot), Number(item.taken_at_ms)]));
}

/**
 * Takes a slot at `nowMs`, inside the transaction that creates the setup job: the write holds only
 * if the slot is still free (never taken, or last taken a whole window ago), so racing creates
 * never share one. The item expires once its time has left the window.
 */
export function takeSetupSlot(
  customerId: string,
  slot: number,
  nowMs: number,
  windowMs: number,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...setupSlotKey(customerId, slot),
        slot,
        taken_at_ms: nowMs,
        expires_at: Math.ceil((nowMs + windowMs) / 1000) + 60,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR taken_at_ms <= :cutoff',
      ExpressionAttributeValues: { ':cutoff': nowMs - windowMs },
    },
  };
}
