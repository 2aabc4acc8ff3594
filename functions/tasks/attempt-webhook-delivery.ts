import { createPoster } from '#crawl/index';
import { onFirstUse, setting } from '#platform/config';
import {
  type AttemptStep,
  attemptDelivery,
  type DeliveryRound,
  MAX_RESPONSE_BYTES,
} from '#webhooks/deliver-webhook';
import { receiverAllowList } from '#webhooks/webhook-receiver-services';

const means = onFirstUse(() => ({
  post: createPoster({
    allowList: receiverAllowList(),
    timeoutMs: setting('WEBHOOK_ATTEMPT_TIMEOUT_SECONDS') * 1000,
    maxResponseBytes: MAX_RESPONSE_BYTES,
  }),
  retryBaseMs: setting('WEBHOOK_RETRY_BASE_SECONDS') * 1000,
}));

/** The webhook-delivery lane's one task: an attempt of a delivery round, and when to try again. */
export function handler(input: DeliveryRound): Promise<AttemptStep> {
  return attemptDelivery(input, means());
}
