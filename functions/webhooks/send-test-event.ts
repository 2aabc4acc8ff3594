import { newId } from '#core/ids';
import { TEST_EVENT_TYPE, type WebhookEvent } from '#core/webhook-events';
import type { Delivery, Webhook } from './webhook.ts';
import { deliverEvent } from './webhook-events.ts';

/** Sends the webhook a `webhook.test` event through the same delivery as real events. */
export function sendTestEvent(webhook: Webhook): Promise<Delivery> {
  const event: WebhookEvent = {
    id: newId('evt'),
    type: TEST_EVENT_TYPE,
    created_at: new Date().toISOString(),
    project_id: webhook.project_id,
    data: { webhook_id: webhook.webhook_id },
  };
  return deliverEvent(webhook, event);
}
