import { describe, expect, it } from 'vitest';
import { freeSlot } from './rolling-window.ts';

const HOUR = 60 * 60 * 1000;
const limit = { max: 3, windowMs: HOUR };
const first = () => 0;

describe('freeSlot', () => {
  it('offers the slots never taken, chosen among the free ones', () => {
    expect(freeSlot(new Map(), 0, limit, first)).toEqual({ free: true, slot: 0 });
    expect(freeSlot(new Map([[0, 0]]), 1_000, limit, first)).toEqual({ free: true, slot: 1 });
    expect(freeSlot(new Map([[1, 0]]), 1_000, limit, (count) => count - 1)).toEqual({ free: true, slot: 2 });
  });

  it('refuses while every slot was taken within the window, until the oldest leaves it', () => {
    const taken = new Map([
      [0, 2_000],
      [1, 0],
      [2, 1_000],
    ]);
    expect(freeSlot(taken, 3_000, limit, first)).toEqual({ free: false, retryAfterSeconds: 3597 });
    expect(freeSlot(taken, HOUR, limit, first)).toEqual({ free: true, slot: 1 });
  });

  it('counts only the slots of the current cap when it was lowered', () => {
    const taken = new Map([
      [0, 0],
      [1, 600_000],
      [2, 1_200_000],
    ]);
    expect(freeSlot(taken, 1_800_000, { max: 2, windowMs: HOUR }, first)).toEqual({
      free: false,
      retryAfterSeconds: 1800,
    });
  });

  it('never asks for less than a second', () => {
    const taken = new Map([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(freeSlot(taken, HOUR - 1, limit, first)).toEqual({ free: false, retryAfterSeconds: 1 });
  });
});
