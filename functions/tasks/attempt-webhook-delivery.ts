import { type AttemptStep, attemptDelivery, type DeliveryRound } from '#webhooks/deliver-webhook';

/** The webhook-delivery lane's one task: an attempt of a delivery round, and when to try again. */
export function handler(input: DeliveryRound): Promise<AttemptStep> {
  return attemptDelivery(input);
}
