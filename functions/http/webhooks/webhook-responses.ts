import * as v from 'valibot';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES, type WebhookEvent } from '#core/webhook-events';
import type { Delivery, Webhook } from '#webhooks/webhook';
import { timestamp } from '../response-fields.ts';

export const webhook = v.object({
  webhook_id: v.string(),
  project_id: v.string(),
  url: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  created_at: timestamp,
});

/** The answer to a registration: the only time the signing secret is shown. */
export const createdWebhook = v.object({
  ...webhook.entries,
  secret: v.pipe(v.string(), v.description('Signs the deliveries (PDS-Signature); shown this once.')),
});

const attempt = v.object({
  round: v.number(),
  attempted_at: timestamp,
  outcome: v.picklist([
    'ACCEPTED',
    'HTTP_ERROR',
    'REDIRECT',
    'TIMEOUT',
    'RESPONSE_TOO_LARGE',
    'ADDRESS_NOT_ALLOWED',
    'CONNECTION_FAILED',
  ]),
  status_code: v.nullable(v.number()),
  duration_ms: v.number(),
  error: v.nullable(v.string()),
});

export const delivery = v.object({
  delivery_id: v.string(),
  webhook_id: v.string(),
  event_id: v.string(),
  event_type: v.picklist([...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE]),
  status: v.picklist(['PENDING', 'DELIVERED', 'FAILED']),
  round: v.number(),
  attempts: v.array(attempt),
  next_attempt_at: v.nullable(timestamp),
  created_at: timestamp,
  updated_at: timestamp,
  event: v.object({
    id: v.string(),
    type: v.string(),
    created_at: timestamp,
    project_id: v.string(),
    data: v.record(v.string(), v.unknown()),
  }),
});

export const publicWebhook = ({ secret: _secret, created_by: _by, ...shown }: Webhook) => shown;

export const publicDelivery = ({ payload, project_id: _project, ...shown }: Delivery) => ({
  ...shown,
  event: JSON.parse(payload) as WebhookEvent,
});
