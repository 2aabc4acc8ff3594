import { describe, expect, it } from 'vitest';
import { admitInWindow } from './rolling-window.ts';

const HOUR = 60 * 60 * 1000;
const limit = { max: 3, windowMs: HOUR };

describe('admitInWindow', () => {
  it('admits up to the cap and records each event', () => {
    let times: number[] = [];
    for (const now of [0, 1_000, 2_000]) {
      const admission = admitInWindow(times, now, limit);
      if (!admission.admitted) throw new Error(`refused at ${now}`);
      times = admission.times;
    }
    expect(times).toEqual([0, 1_000, 2_000]);
    expect(admitInWindow(times, 3_000, limit)).toEqual({ admitted: false, retryAfterSeconds: 3597 });
  });

  it('admits again once the oldest event has left the window, and forgets what left', () => {
    const admission = admitInWindow([0, 1_000, 2_000], HOUR, limit);
    expect(admission).toEqual({ admitted: true, times: [1_000, 2_000, HOUR] });
  });

  it('waits for enough events to leave when the cap was lowered below what the window holds', () => {
    const refused = admitInWindow([0, 600_000, 1_200_000, 1_800_000], 1_800_000, { max: 2, windowMs: HOUR });
    // Three of the four must leave before one more fits: the third leaves at 80 minutes, 50 from now.
    expect(refused).toEqual({ admitted: false, retryAfterSeconds: 3000 });
  });

  it('never asks for less than a second', () => {
    expect(admitInWindow([0, 1, 2], HOUR - 1, limit)).toEqual({ admitted: false, retryAfterSeconds: 1 });
  });
});
