import { HostAllowList, parseAllowedHosts } from '#crawl/index';
import { onFirstUse, setting } from '#platform/config';
import { dynamoWebhookStore } from './dynamo-webhook-store.ts';
import type { WebhookStore } from './webhook-store.ts';

/** The webhook capability's store, the one place that says which adapter the use cases get. */
export const webhookStore: WebhookStore = dynamoWebhookStore;

/**
 * The receivers webhooks may reach at private addresses: `host:port` entries of WEBHOOK_ALLOWED_HOSTS,
 * set only by the local stack and tests (a deployed stage leaves it empty). Hosts are compared as
 * addresses in their canonical form, so `127.0.0.1:8080` does not admit `[::ffff:127.0.0.1]:8080`,
 * `localhost:8080` or another port of the same host.
 */
export const receiverAllowList = onFirstUse(
  () => new HostAllowList(parseAllowedHosts(setting('WEBHOOK_ALLOWED_HOSTS'))),
);
