import { describe, expect, it } from 'vitest';
import { retryDelayMs, retrySchedule } from './webhook-retry.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('webhook retry schedule', () => {
  it('doubles from the base up to 512 times it, then keeps that wait', () => {
    const waits = retrySchedule(30 * SECOND);
    expect(waits.slice(0, 10)).toEqual(
      [30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15360].map((s) => s * SECOND),
    );
    expect(waits.slice(10).every((wait) => wait === 15360 * SECOND)).toBe(true);
  });

  it('keeps trying for at least 24 hours at the default base of 30 s, and stops after 15 attempts', () => {
    const waits = retrySchedule(30 * SECOND);
    expect(sum(waits)).toBeGreaterThanOrEqual(24 * HOUR);
    expect(sum(waits.slice(0, -1))).toBeLessThan(24 * HOUR);
    expect(waits).toHaveLength(14);
  });

  it('scales with the base, so a test retries within milliseconds the same number of times', () => {
    const fast = retrySchedule(10);
    expect(fast).toEqual(retrySchedule(30 * SECOND).map((wait) => wait / 3000));
  });

  it('gives the wait after each failed attempt, and null once the round gives up', () => {
    expect(retryDelayMs(1, 30 * SECOND)).toBe(30 * SECOND);
    expect(retryDelayMs(2, 30 * SECOND)).toBe(60 * SECOND);
    expect(retryDelayMs(14, 30 * SECOND)).toBe(15360 * SECOND);
    expect(retryDelayMs(15, 30 * SECOND)).toBeNull();
  });
});
