import type { WindowLimit } from '#core/rolling-window';
import { onFirstUse, setting } from '#platform/config';
import { dynamoSetupSlots } from './dynamo-setup-slots.ts';
import type { SetupSlots } from './setup-slots.ts';

/** The stage's limits of a setup job's work. */
export const setupLimits = onFirstUse(() => ({
  /** Shops estimated above this many products are too large for a self-service setup. */
  maxProducts: setting('SETUP_MAX_PRODUCTS'),
  /** Pages the training samples. */
  trainPages: setting('SETUP_TRAIN_PAGES'),
}));

/** The stage's cap on a customer's setup jobs per rolling hour (lib/stage-config.ts `setupLimitPerHour`). */
export const setupLimitPerHour = onFirstUse(
  (): WindowLimit => ({ max: setting('SETUP_LIMIT_PER_HOUR'), windowMs: 60 * 60 * 1000 }),
);

/** The customers' setup slots the create takes one of. */
export const setupSlots: SetupSlots = dynamoSetupSlots;
