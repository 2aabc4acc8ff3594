/**
 * At most `max` events in any `windowMs`, as `max` numbered slots: an event takes a slot whose last
 * event has left the window. Racing events mostly pick different free slots, so they rarely contend
 * for one item in the table. Pure arithmetic, so tests can step time and choose by hand.
 */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

export type SlotChoice = { free: true; slot: number } | { free: false; retryAfterSeconds: number };

/**
 * A free slot among `0 … max − 1` at `nowMs` (`taken` maps a slot to when its last event was),
 * chosen by `pick` among the free ones; or, when none is free, the whole seconds until the oldest
 * leaves the window. Slots past `max` (from a higher cap) are not counted.
 */
export function freeSlot(
  taken: ReadonlyMap<number, number>,
  nowMs: number,
  limit: WindowLimit,
  pick: (count: number) => number = (count) => Math.floor(Math.random() * count),
): SlotChoice {
  const cutoff = nowMs - limit.windowMs;
  const free: number[] = [];
  let oldest = Number.POSITIVE_INFINITY;
  for (let slot = 0; slot < limit.max; slot++) {
    const at = taken.get(slot);
    if (at === undefined || at <= cutoff) free.push(slot);
    else oldest = Math.min(oldest, at);
  }
  const chosen = free[pick(free.length)];
  if (chosen !== undefined) return { free: true, slot: chosen };
  return { free: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest - cutoff) / 1000)) };
}
