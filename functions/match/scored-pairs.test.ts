import { describe, expect, it } from 'vitest';
import { ScoredPairs } from './scored-pairs.ts';

describe('ScoredPairs', () => {
  it('grows past its first room, every pair kept', () => {
    // Prepare
    const pairs = new ScoredPairs(4);

    // Act
    for (let i = 0; i < 5000; i++) pairs.push(i, i + 1, i / 10, i % 2, -1);

    // Assess
    expect(pairs.length).toBe(5000);
    expect(pairs.pair(4321)).toEqual({ reference: 4321, competitor: 4322, score: 432.1, coded: true });
  });

  it('gives back the objects it was built from, the learned probability only where blocking gave one', () => {
    // Prepare
    const listed = [
      { reference: 3, competitor: 1, score: 0.8, coded: false, learned: 0.25 },
      { reference: 0, competitor: 7, score: 0.4, coded: true },
      { reference: 2, competitor: 2, score: 0.6, coded: false, learned: Number.NaN },
    ];

    // Act
    const pairs = ScoredPairs.of(listed);

    // Assess
    expect([0, 1, 2].map((i) => pairs.pair(i))).toEqual([
      listed[0],
      listed[1],
      { reference: 2, competitor: 2, score: 0.6, coded: false },
    ]);
    expect(pairs.learned(2)).toBe(-1);
  });

  it('is filled out of order within its capacity and shortened in place', () => {
    // Prepare
    const pairs = new ScoredPairs(3);

    // Act
    pairs.set(2, 5, 6, 0.3, 0, -1);
    pairs.set(0, 1, 2, 0.9, 1, 0.8);
    pairs.set(1, 3, 4, 0.5, 0, 0.4);
    pairs.length = 3;
    pairs.move(2, 1);
    pairs.length = 2;

    // Assess
    expect([0, 1].map((i) => pairs.pair(i))).toEqual([
      { reference: 1, competitor: 2, score: 0.9, coded: true, learned: 0.8 },
      { reference: 5, competitor: 6, score: 0.3, coded: false },
    ]);
  });
});
