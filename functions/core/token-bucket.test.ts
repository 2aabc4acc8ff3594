import { describe, expect, it } from 'vitest';
import { type BucketState, takeToken } from './token-bucket.ts';

const limit = { perSecond: 2, burst: 3 };

/** Takes tokens at the given times, returning what each attempt got. */
function run(times: number[]) {
  let state: BucketState | undefined;
  return times.map((at) => {
    const result = takeToken(state, at, limit);
    if (result.allowed) state = result.next;
    return result.allowed ? 'ok' : result.retryAfterSeconds;
  });
}

describe('token bucket', () => {
  it('lets a burst through, then refuses until a token has refilled', () => {
    expect(run([0, 0, 0, 0])).toEqual(['ok', 'ok', 'ok', 1]);
  });

  it('refills at the rate and never beyond the burst', () => {
    expect(run([0, 0, 0, 500, 500])).toEqual(['ok', 'ok', 'ok', 'ok', 1]);
    expect(run([0, 60_000, 60_000, 60_000, 60_000])).toEqual(['ok', 'ok', 'ok', 'ok', 1]);
  });

  it('asks for the whole seconds a slow bucket needs', () => {
    const slow = { perSecond: 0.1, burst: 1 };
    const first = takeToken(undefined, 0, slow);
    expect(first.allowed).toBe(true);
    if (!first.allowed) return;
    expect(takeToken(first.next, 2_000, slow)).toEqual({ allowed: false, retryAfterSeconds: 8 });
  });

  it('treats a clock that went back as no time passed', () => {
    expect(takeToken({ tokens: 0, refilledAtMs: 5_000 }, 1_000, limit)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });
});
