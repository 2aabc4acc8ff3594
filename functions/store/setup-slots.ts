import type { TransactItem } from './dynamo.ts';
import { setupSlotsPrefix } from './keys.ts';
import { readWindowSlots, takeWindowSlot } from './window-slots.ts';

/** When each of the customer's setup slots was last taken, by slot number (a consistent read). */
export const readSetupSlots = (customerId: string): Promise<Map<number, number>> =>
  readWindowSlots(setupSlotsPrefix(customerId));

/** Takes a setup slot at `nowMs`, inside the transaction that creates the setup job. */
export const takeSetupSlot = (
  customerId: string,
  slot: number,
  nowMs: number,
  windowMs: number,
): TransactItem => takeWindowSlot(setupSlotsPrefix(customerId), slot, nowMs, windowMs);
