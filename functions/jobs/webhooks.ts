import { randomBytes } from 'node:crypto';
import { newId } from '#core/ids';
import { BadRequest, Conflict, NotFound, Problem } from '#core/problem';
import { TEST_EVENT_TYPE, type WebhookEvent, type WebhookEventType } from '#core/webhook-events';
import { receiverAddressProblem } from '#crawl/net/receiver-address';
import { deliverEvent, startDeliveryRound } from '#store/webhook-events';
import {
  type Delivery,
  getDelivery,
  projectWebhooks,
  putWebhook,
  startNextRound,
  type Webhook,
} from '#store/webhooks';
import { receiverAllowList } from './webhook-receivers.ts';

/** Endpoints a project may register: enough for a few systems and their staging twins. */
export const MAX_WEBHOOKS_PER_PROJECT = 20;

/** The secret that signs a webhook's deliveries: 32 random bytes, shown once when it is created. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Registers a webhook of the project, when its URL may receive deliveries. */
export async function registerWebhook(
  projectId: string,
  userId: string,
  request: { url: string; events: WebhookEventType[] },
): Promise<Webhook> {
  const url = new URL(request.url);
  const problem = await receiverAddressProblem(url, receiverAllowList);
  if (problem) throw new Problem('WEBHOOK_URL_NOT_ALLOWED', `This URL cannot receive webhooks: ${problem}.`);
  if ((await projectWebhooks(projectId)).length >= MAX_WEBHOOKS_PER_PROJECT) {
    throw BadRequest('WEBHOOK_LIMIT_REACHED', `A project has at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks.`);
  }
  const webhook: Webhook = {
    webhook_id: newId('whk'),
    project_id: projectId,
    url: url.href,
    events: [...new Set(request.events)],
    secret: newSecret(),
    created_by: userId,
    created_at: new Date().toISOString(),
  };
  await putWebhook(webhook);
  return webhook;
}

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

/**
 * Delivers a delivery's event again, the same event id and body, in a new round with its own
 * retries; refused while a round is still trying, so one event never races itself.
 */
export async function redeliver(webhook: Webhook, deliveryId: string): Promise<Delivery> {
  const notFound = NotFound('DELIVERY_NOT_FOUND', 'No such delivery of this webhook.');
  const delivery = await getDelivery(webhook.webhook_id, deliveryId);
  if (!delivery) throw notFound;
  const next = await startNextRound(delivery);
  if (!next) {
    if (!(await getDelivery(webhook.webhook_id, deliveryId))) throw notFound;
    throw Conflict('DELIVERY_PENDING', 'This delivery is still being tried; redeliver it once it has ended.');
  }
  await startDeliveryRound(next);
  return next;
}
