import { Conflict, NotFound } from '#core/problem';
import type { Delivery, Webhook } from './webhook.ts';
import { startDeliveryRound } from './webhook-events.ts';
import { webhookStore } from './webhook-services.ts';

/**
 * Delivers a delivery's event again, the same event id and body, in a new round with its own
 * retries; refused while a round is still trying, so one event never races itself.
 */
export async function redeliver(webhook: Webhook, deliveryId: string): Promise<Delivery> {
  const notFound = NotFound('DELIVERY_NOT_FOUND', 'No such delivery of this webhook.');
  const delivery = await webhookStore.getDelivery(webhook.webhook_id, deliveryId);
  if (!delivery) throw notFound;
  const next = await webhookStore.startNextRound(delivery);
  if (!next) {
    if (!(await webhookStore.getDelivery(webhook.webhook_id, deliveryId))) throw notFound;
    throw Conflict('DELIVERY_PENDING', 'This delivery is still being tried; redeliver it once it has ended.');
  }
  await startDeliveryRound(next);
  return next;
}
