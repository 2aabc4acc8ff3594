/**
 * The event types a webhook may subscribe to: the one list that the webhook routes validate against,
 * the OpenAPI document shows and publishers name. Another kind of work adds its own types here and
 * publishes them with one call (functions/store/webhook-events.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  'job.created',
  'job.awaiting_approval',
  'job.completed',
  'job.failed',
  'job.cancelled',
  'export.ready',
  'changes.detected',
  'match.price_gap_changed',
  'schedule.run_skipped',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a receiver gets with a test request (POST /webhooks/{webhook_id}/test); never published. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** What a delivery's body holds: the event, the same for every webhook it goes to. */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType | typeof TEST_EVENT_TYPE;
  created_at: string;
  project_id: string;
  data: Record<string, unknown>;
}
