import { describe, expect, it } from 'vitest';
import { fullAgainAtMs, intervalMs, retryAfterSeconds, toleranceMs } from './token-bucket.ts';

const limit = { perSecond: 2, burst: 3 };

describe('token bucket (arrival time)', () => {
  it('spends half a second per request at two per second, and lets a burst of three run two ahead', () => {
    expect(intervalMs(limit)).toBe(500);
    expect(toleranceMs(limit)).toBe(1_000);
  });

  it('asks for the whole seconds, at least one, until the arrival time is within the burst again', () => {
    // Three requests at 0 moved the time to 1500: the fourth passes from 500.
    expect(retryAfterSeconds(1_500, 0, limit)).toBe(1);
    expect(retryAfterSeconds(1_500, 499, limit)).toBe(1);
    const slow = { perSecond: 0.1, burst: 1 };
    expect(retryAfterSeconds(10_000, 2_000, slow)).toBe(8);
  });

  it('is full again once a whole burst of time has passed after the last write', () => {
    expect(fullAgainAtMs(0, limit)).toBe(1_500);
  });
});
