import type { TransactItem } from './dynamo.ts';
import { setupSlots } from './keys.ts';
import { readWindowSlots, takeWindowSlot } from './window-slots.ts';

/** When each of the customer's setup slots was last taken, by slot number (a consistent read). */
export const readSetupSlots = (customerId: string): Promise<Map<number, number>> =>
  readWindowSlots(setupSlots(customerId));

/** Takes a setup slot at `nowMs`, inside the transaction that creates the setup job. */
export const takeSetupSlot = (
  customerId: string,
  slot: number,
  nowMs: number,
  windowMs: number,
): TransactItem => takeWindowSlot(setupSlots(customerId), slot, nowMs, windowMs);
