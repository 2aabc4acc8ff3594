import type { TransactItem } from './dynamo.ts';
import { beginsWith, type KeyPrefix, windowSlotKey } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './table-services.ts';

/**
 * The numbered slots of a rolling-window limit (`core/rolling-window.ts`), kept as items of one
 * partition (`keys.ts` names it), each with when it was last taken.
 */
type WindowSlots = KeyPrefix;

/** When each slot was last taken, by slot number (a consistent read). */
export async function readWindowSlots(slots: WindowSlots): Promise<Map<number, number>> {
  const items = await queryAll({
    ...beginsWith(slots),
    ProjectionExpression: 'slot, taken_at_ms',
    ConsistentRead: true,
  });
  return new Map(items.map((item) => [Number(item.slot), Number(item.taken_at_ms)]));
}

/**
 * Takes a slot at `nowMs`, inside the transaction that does what the limit counts: the write holds
 * only if the slot is still free (never taken, or last taken a whole window ago), so racing requests
 * never share one. The item expires once its time has left the window.
 */
export function takeWindowSlot(
  slots: WindowSlots,
  slot: number,
  nowMs: number,
  windowMs: number,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...windowSlotKey(slots, slot),
        slot,
        taken_at_ms: nowMs,
        expires_at: Math.ceil((nowMs + windowMs) / 1000) + 60,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR taken_at_ms <= :cutoff',
      ExpressionAttributeValues: { ':cutoff': nowMs - windowMs },
    },
  };
}
