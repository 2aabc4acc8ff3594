import { dynamoWebhookStore } from './dynamo-webhook-store.ts';
import type { WebhookStore } from './webhook-store.ts';

/** The webhook capability's store, the one place that says which adapter the use cases get. */
export const webhookStore: WebhookStore = dynamoWebhookStore;
