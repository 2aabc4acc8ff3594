/**
 * A token bucket, kept as its theoretical arrival time (GCRA): up to `burst` requests at once,
 * refilled at `perSecond`. The whole state is one instant that only moves forward, so the store
 * spends a token with one atomic add instead of reading, computing and writing back, and requests
 * of one key racing each other queue in the table instead of refusing one another.
 */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** The milliseconds of allowance one request uses. */
export const intervalMs = (limit: RateLimit): number => 1000 / limit.perSecond;

/** How far past now the arrival time may already run for one more request to pass: a burst less one. */
export const toleranceMs = (limit: RateLimit): number => (limit.burst - 1) * intervalMs(limit);

/** Whole seconds, at least one, until a bucket whose arrival time is `atMs` lets one request pass. */
export const retryAfterSeconds = (atMs: number, nowMs: number, limit: RateLimit): number =>
  Math.max(1, Math.ceil((atMs - toleranceMs(limit) - nowMs) / 1000));

/** When a bucket written at `nowMs` is full again whatever it held, so its item may expire. */
export const fullAgainAtMs = (nowMs: number, limit: RateLimit): number =>
  nowMs + toleranceMs(limit) + intervalMs(limit);
