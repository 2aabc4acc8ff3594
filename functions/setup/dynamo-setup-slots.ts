import { jointWrite } from '#store/dynamo-joint-write';
import { setupSlotsPrefix } from '#store/keys';
import { readWindowSlots, takeWindowSlot } from '#store/window-slots';
import type { SetupSlots } from './setup-slots.ts';

/** The setup slots as window slots of the customer's setup-slot partition. */
export const dynamoSetupSlots: SetupSlots = {
  taken: (customerId) => readWindowSlots(setupSlotsPrefix(customerId)),
  take: (customerId, slot, nowMs, windowMs) =>
    jointWrite(`setup slot ${slot} of ${customerId}`, () => [
      takeWindowSlot(setupSlotsPrefix(customerId), slot, nowMs, windowMs),
    ]),
};
