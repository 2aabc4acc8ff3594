import type { createPoster } from '#crawl/index';
import type { DeliveryAttempt } from './webhook.ts';
import { retryDelayMs } from './webhook-retry.ts';
import { webhookStore } from './webhook-services.ts';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature.ts';

/** A receiver answers an acknowledgement; more than this is not read (and fails the attempt). */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** How attempts are made: one POST to a receiver, and the first wait before a failed one is tried again. */
export interface DeliveryMeans {
  post: ReturnType<typeof createPoster>;
  retryBaseMs: number;
}

export interface DeliveryRound {
  webhook_id: string;
  delivery_id: string;
  round: number;
}

/** What the delivery lane does next: wait until `retry_at` and attempt again, or end. */
export type AttemptStep = { next: 'WAIT'; retry_at: string } | { next: 'DONE' };

const DONE: AttemptStep = { next: 'DONE' };

/**
 * One attempt of a delivery round: POSTs the event, signed with the webhook's secret at this
 * moment, and records how it went. A failed attempt is tried again after the back-off of
 * functions/core/webhook-retry.ts until the round gives up. A removed webhook, or a round that a
 * redelivery replaced, ends without an attempt.
 */
export async function attemptDelivery(round: DeliveryRound, means: DeliveryMeans): Promise<AttemptStep> {
  const [webhook, delivery] = await Promise.all([
    webhookStore.get(round.webhook_id),
    webhookStore.getDelivery(round.webhook_id, round.delivery_id),
  ]);
  if (!webhook || !delivery || delivery.round !== round.round || delivery.status !== 'PENDING') return DONE;
  const started = Date.now();
  const timestamp = Math.floor(started / 1000);
  const result = await means.post(
    new URL(webhook.url),
    {
      'content-type': 'application/json',
      'user-agent': 'pds-webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(webhook.secret, timestamp, delivery.payload),
      'PDS-Event-Id': delivery.event_id,
      'PDS-Event-Type': delivery.event_type,
      'PDS-Delivery-Id': delivery.delivery_id,
    },
    delivery.payload,
  );
  const attempt: DeliveryAttempt = {
    round: round.round,
    attempted_at: new Date(started).toISOString(),
    outcome: result.outcome,
    status_code: result.statusCode,
    duration_ms: Date.now() - started,
    error: result.error,
  };
  if (result.outcome === 'ACCEPTED') {
    await webhookStore.recordAttempt(delivery, round.round, attempt, {
      status: 'DELIVERED',
      next_attempt_at: null,
    });
    return DONE;
  }
  const failedInRound = delivery.attempts.filter((earlier) => earlier.round === round.round).length + 1;
  const wait = retryDelayMs(failedInRound, means.retryBaseMs);
  const retryAt = wait === null ? null : new Date(Date.now() + wait).toISOString();
  const recorded = await webhookStore.recordAttempt(delivery, round.round, attempt, {
    status: retryAt ? 'PENDING' : 'FAILED',
    next_attempt_at: retryAt,
  });
  return recorded && retryAt ? { next: 'WAIT', retry_at: retryAt } : DONE;
}
