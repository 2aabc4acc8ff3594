/**
 * At most `max` events in any `windowMs`: the window keeps the times of the events still inside
 * it. Pure arithmetic, so the store can apply it with a conditional write and tests can step time.
 */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

export type WindowAdmission =
  | { admitted: true; times: number[] }
  | { admitted: false; retryAfterSeconds: number };

/** Records an event at `nowMs` among `times`, or says in how many whole seconds the oldest leaves the window. */
export function admitInWindow(times: readonly number[], nowMs: number, limit: WindowLimit): WindowAdmission {
  const inside = times.filter((time) => time > nowMs - limit.windowMs).sort((a, b) => a - b);
  if (inside.length < limit.max) return { admitted: true, times: [...inside, nowMs] };
  // The (n − max + 1) oldest must leave before one more fits; a lowered cap can leave several too many.
  const leaving = inside[inside.length - limit.max] ?? nowMs;
  return {
    admitted: false,
    retryAfterSeconds: Math.max(1, Math.ceil((leaving + limit.windowMs - nowMs) / 1000)),
  };
}
