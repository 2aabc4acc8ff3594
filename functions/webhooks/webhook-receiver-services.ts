import { HostAllowList, parseAllowedHosts } from '#crawl/index';
import { onFirstUse, setting } from '#platform/config';

/**
 * The receivers webhooks may reach at private addresses: `host:port` entries of WEBHOOK_ALLOWED_HOSTS,
 * set only by the local stack and tests (a deployed stage leaves it empty). Hosts are compared as
 * addresses in their canonical form, so `127.0.0.1:8080` does not admit `[::ffff:127.0.0.1]:8080`,
 * `localhost:8080` or another port of the same host. Apart from `webhook-services.ts`, so the
 * functions that only read webhooks or publish events do not carry the crawler's network code.
 */
export const receiverAllowList = onFirstUse(
  () => new HostAllowList(parseAllowedHosts(setting('WEBHOOK_ALLOWED_HOSTS'))),
);
