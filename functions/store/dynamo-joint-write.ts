import type { TransactItem } from './dynamo.ts';
import type { JointWrite } from './joint-write.ts';

/**
 * How to build the table items behind each joint write; kept apart so the write itself shows only
 * what it does, and built only when a transaction makes it, so asking for one (a use case against an
 * in-memory job store) reads neither the table's name nor anything else of its wiring.
 */
const itemsOf = new WeakMap<JointWrite, () => readonly TransactItem[]>();

/** A joint write of the table's items, made by the adapter that owns their keys and conditions. */
export function jointWrite(what: string, items: () => readonly TransactItem[]): JointWrite {
  const write: JointWrite = Object.freeze({ what });
  itemsOf.set(write, items);
  return write;
}

/** The items of joint writes, for the adapter whose transaction makes them. */
export function transactItemsOf(writes: readonly JointWrite[]): TransactItem[] {
  return writes.flatMap((write) => {
    const items = itemsOf.get(write);
    if (!items) throw new Error(`The joint write "${write.what}" was made by no DynamoDB adapter`);
    return [...items()];
  });
}
