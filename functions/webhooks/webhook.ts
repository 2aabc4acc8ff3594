import type { PostOutcome } from '#core/post-outcome';
import type { WebhookEvent, WebhookEventType } from '#core/webhook-events';

/** A project's webhook endpoint. The secret signs its deliveries, so it is kept as it is (never shown again). */
export interface Webhook {
  webhook_id: string;
  project_id: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  created_by: string;
  created_at: string;
}

/** How one attempt ended: only ACCEPTED (a 2xx answer of bounded size) delivers. */
export type AttemptOutcome = PostOutcome;

export interface DeliveryAttempt {
  /** The round the attempt belongs to: 1, then one more per redelivery. */
  round: number;
  attempted_at: string;
  outcome: AttemptOutcome;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** PENDING while a round is trying (or waiting to retry), DELIVERED once accepted, FAILED when a round gave up. */
export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface Delivery {
  delivery_id: string;
  webhook_id: string;
  project_id: string;
  event_id: string;
  event_type: WebhookEvent['type'];
  status: DeliveryStatus;
  round: number;
  attempts: DeliveryAttempt[];
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  /** The event's JSON exactly as sent and signed. */
  payload: string;
}
