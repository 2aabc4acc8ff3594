import { describe, expect, it } from 'vitest';
import { uncodedPairsSuspect } from './uncoded-pairs-suspect.ts';

const pairs = (count: number, score: number, coded: boolean) =>
  Array.from({ length: count }, () => ({ score, coded }));

describe('uncodedPairsSuspect', () => {
  it('holds where most sure pairs agree by an identifier and most reference products have none', () => {
    const mostlyCoded = [...pairs(15, 0.9, true), ...pairs(10, 0.8, false), ...pairs(50, 0.6, false)];
    expect(uncodedPairsSuspect(mostlyCoded, 100)).toBe(true);
    expect(uncodedPairsSuspect(mostlyCoded, 50)).toBe(false);
    expect(uncodedPairsSuspect([...pairs(10, 0.9, true), ...pairs(15, 0.8, false)], 100)).toBe(false);
  });

  it('tells nothing from fewer than twenty sure pairs', () => {
    expect(uncodedPairsSuspect(pairs(19, 0.9, true), 100)).toBe(false);
    expect(uncodedPairsSuspect(pairs(20, 0.9, true), 100)).toBe(true);
  });
});
