import type { PageRequest, QueryPage } from '#store/query-page';
import type { Delivery, DeliveryAttempt, DeliveryStatus, Webhook } from './webhook.ts';

/**
 * Where webhooks and their deliveries are kept: what the webhook use cases need of a store, in their
 * words. A lost race surfaces as `false` or null, never as a storage error.
 */
export interface WebhookStore {
  create(webhook: Webhook): Promise<void>;
  get(webhookId: string): Promise<Webhook | null>;
  /** Every webhook of the project (a project has at most a few), newest first. */
  ofProject(projectId: string): Promise<Webhook[]>;
  /** One page of the project's webhooks, newest first. */
  page(projectId: string, page: PageRequest): Promise<QueryPage<Webhook>>;
  /** Removes a webhook with its deliveries. */
  remove(webhookId: string): Promise<void>;
  createDelivery(delivery: Delivery): Promise<void>;
  getDelivery(webhookId: string, deliveryId: string): Promise<Delivery | null>;
  /** One page of a webhook's deliveries, newest first. */
  deliveriesPage(webhookId: string, page: PageRequest): Promise<QueryPage<Delivery>>;
  /**
   * Adds an attempt to a delivery still PENDING in `round`, with the status it leaves the delivery in;
   * false when the round is no longer the delivery's (a redelivery began) or it is gone.
   */
  recordAttempt(
    delivery: Pick<Delivery, 'webhook_id' | 'delivery_id'>,
    round: number,
    attempt: DeliveryAttempt,
    after: { status: DeliveryStatus; next_attempt_at: string | null },
  ): Promise<boolean>;
  /** Starts the next round of a delivery not PENDING (or stalled); null when it is gone or a round is trying. */
  startNextRound(delivery: Delivery): Promise<Delivery | null>;
}
