/**
 * When a failed delivery is tried again: exponential back-off from a base delay, doubling up to
 * 2^9 times the base, and given up once the waits add up to 2880 times the base. With the default
 * base of 30 s that is 30 s, 1 min, 2 min … 4 h 16 min, then every 4 h 16 min: 15 attempts over
 * 25.6 hours, so a receiver that is down for a day still gets the event.
 */
const MAX_DOUBLINGS = 9;
const HORIZON_IN_BASES = 2880;

/** The waits before the 2nd, 3rd … attempt, in milliseconds. */
export function retrySchedule(baseMs: number): number[] {
  const waits: number[] = [];
  let total = 0;
  while (total < HORIZON_IN_BASES * baseMs) {
    const wait = baseMs * 2 ** Math.min(waits.length, MAX_DOUBLINGS);
    waits.push(wait);
    total += wait;
  }
  return waits;
}

/** The wait after the `failedAttempts`-th failed attempt of a round, or null when the round gives up. */
export function retryDelayMs(failedAttempts: number, baseMs: number): number | null {
  return retrySchedule(baseMs)[failedAttempts - 1] ?? null;
}
