import { describe, expect, it } from 'vitest';
import { averageModels, type BoostedTrees, predictProbability } from './boosted-trees.ts';

const logOdds = (p: number) => Math.log(p / (1 - p));

describe('averageModels', () => {
  it('gives the mean of the models’ log-odds for every row', () => {
    const split: BoostedTrees = {
      features: ['x'],
      base: 0.2,
      trees: [{ feature: 0, threshold: 1, left: { value: 1 }, right: { value: -1 } }],
    };
    const flat: BoostedTrees = { features: ['x'], base: -0.4, trees: [{ value: 0.5 }, { value: 0.25 }] };
    const averaged = averageModels([split, flat]);
    expect(averaged.trees).toHaveLength(3);
    for (const row of [[0], [2]]) {
      const mean = (logOdds(predictProbability(split, row)) + logOdds(predictProbability(flat, row))) / 2;
      expect(logOdds(predictProbability(averaged, row))).toBeCloseTo(mean, 5);
    }
  });
});
