/**
 * A token bucket: up to `burst` requests at once, refilled at `perSecond`. Pure arithmetic, so the
 * store can apply it with a conditional write and the tests can step time by hand.
 */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** The tokens a bucket held when it was last written, and when. */
export interface BucketState {
  tokens: number;
  refilledAtMs: number;
}

export type TakeResult = { allowed: true; next: BucketState } | { allowed: false; retryAfterSeconds: number };

/** Takes one token at `nowMs`, or says how many whole seconds until one is there. */
export function takeToken(state: BucketState | undefined, nowMs: number, limit: RateLimit): TakeResult {
  const elapsedSeconds = state ? Math.max(0, nowMs - state.refilledAtMs) / 1000 : 0;
  const tokens = state ? Math.min(limit.burst, state.tokens + elapsedSeconds * limit.perSecond) : limit.burst;
  if (tokens >= 1) return { allowed: true, next: { tokens: tokens - 1, refilledAtMs: nowMs } };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / limit.perSecond)) };
}

/** Seconds until an untouched bucket is full again, after which its item may expire. */
export const secondsToRefill = (limit: RateLimit): number => Math.ceil(limit.burst / limit.perSecond);
