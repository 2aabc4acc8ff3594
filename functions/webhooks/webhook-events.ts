import { newId } from '#core/ids';
import type { WebhookEvent, WebhookEventType } from '#core/webhook-events';
import { laneExecutions } from '#platform/lane-services';
import { logError } from '#platform/log';
import { finishHeldWork, holdWork } from '#store/held-work';
import type { Delivery, Webhook } from './webhook.ts';
import { webhookStore } from './webhook-services.ts';

/** The execution name of a delivery's round: a second start of the same round is the one running. */
const roundName = (delivery: Pick<Delivery, 'delivery_id' | 'round'>) =>
  `${delivery.delivery_id}-${delivery.round}`;

/** Starts the delivery lane on a round of a delivery; it attempts at once and retries with back-off. */
async function startRound(delivery: Pick<Delivery, 'webhook_id' | 'delivery_id' | 'round'>): Promise<void> {
  await laneExecutions().start('webhook-delivery', roundName(delivery), {
    webhook_id: delivery.webhook_id,
    delivery_id: delivery.delivery_id,
    round: delivery.round,
  });
}

const heldRoundId = (delivery: Pick<Delivery, 'webhook_id' | 'delivery_id' | 'round'>) =>
  `${delivery.webhook_id}/${delivery.delivery_id}/${delivery.round}`;

/**
 * Starts a round of a recorded delivery. When the lane cannot be started (Step Functions failing),
 * the round is held and the job sweeper starts it later (`startHeldRounds`), so a recorded delivery
 * is never left without its attempts.
 */
export async function startDeliveryRound(delivery: Delivery): Promise<void> {
  try {
    await startRound(delivery);
  } catch (error) {
    logError('webhook delivery round not started; held for the job sweeper', error, {
      deliveryId: delivery.delivery_id,
      round: delivery.round,
    });
    await holdWork('DELIVERY_ROUND', heldRoundId(delivery));
  }
}

/**
 * Starts the held rounds, until `deadline` (epoch ms): a round whose delivery is gone (its webhook
 * was removed) or has moved on (redelivered, or no longer PENDING) is dropped. Starting a round
 * twice runs it once (executions are named by round). Returns the rounds started or dropped.
 */
export function startHeldRounds(deadline = Number.POSITIVE_INFINITY): Promise<string[]> {
  return finishHeldWork(
    'DELIVERY_ROUND',
    async (id) => {
      const [webhookId = '', deliveryId = '', round = ''] = id.split('/');
      const delivery = await webhookStore.getDelivery(webhookId, deliveryId);
      if (delivery?.status === 'PENDING' && delivery.round === Number(round)) await startRound(delivery);
    },
    deadline,
    (id, error) => logError('held webhook delivery round still not started', error, { round: id }),
  );
}

/** Records the event's delivery to one webhook and starts delivering it, off the caller's path. */
export async function deliverEvent(webhook: Webhook, event: WebhookEvent): Promise<Delivery> {
  const now = new Date().toISOString();
  const delivery: Delivery = {
    delivery_id: newId('dlv'),
    webhook_id: webhook.webhook_id,
    project_id: webhook.project_id,
    event_id: event.id,
    event_type: event.type,
    status: 'PENDING',
    round: 1,
    attempts: [],
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
    payload: JSON.stringify(event),
  };
  await webhookStore.createDelivery(delivery);
  await startDeliveryRound(delivery);
  return delivery;
}

/** An event to publish: its type and what it carries. */
export interface EventContent {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** How events are published: to the project's webhooks, or in unit tests to a recorder. */
export type EventPublisher = (projectId: string, events: readonly EventContent[]) => Promise<void>;

/**
 * Publishes each event, in order, to every webhook of the project that subscribed to its type,
 * reading the webhooks once for all of them. Publishing never fails the work that publishes: the
 * work has happened, and an event that cannot be recorded is logged (with its id and type) for the
 * operator instead.
 */
const toWebhooks: EventPublisher = async (projectId, events) => {
  const webhooks = webhookStore.ofProject(projectId);
  for (const { type, data } of events) {
    const event: WebhookEvent = {
      id: newId('evt'),
      type,
      created_at: new Date().toISOString(),
      project_id: projectId,
      data,
    };
    try {
      const subscribed = (await webhooks).filter((webhook) => webhook.events.includes(type));
      await Promise.all(subscribed.map((webhook) => deliverEvent(webhook, event)));
    } catch (error) {
      logError('webhook event could not be published', error, { eventId: event.id, type, projectId });
    }
  }
};

let installed: EventPublisher | undefined;

/** Puts another publisher behind `publishEvents` (the unit tests' recorder); undefined restores the webhooks. */
export function useEventPublisher(publisher: EventPublisher | undefined): void {
  installed = publisher;
}

/**
 * Publishes events of the project, in order: the one call through which jobs, exports and later
 * kinds of work tell API consumers what happened (the types are `WEBHOOK_EVENT_TYPES`). Events that
 * happen together go in one call, so the project's webhooks are read once for them.
 */
export async function publishEvents(projectId: string, events: readonly EventContent[]): Promise<void> {
  if (events.length > 0) await (installed ?? toWebhooks)(projectId, events);
}

/** Publishes one event of the project (`publishEvents`). */
export function publishEvent(
  projectId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  return publishEvents(projectId, [{ type, data }]);
}
