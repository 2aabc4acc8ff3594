import { jointWrite } from './dynamo-joint-write.ts';
import type { JointWrite } from './joint-write.ts';
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
): JointWrite =>
  jointWrite(`setup slot ${slot} of ${customerId}`, [
    takeWindowSlot(setupSlotsPrefix(customerId), slot, nowMs, windowMs),
  ]);
