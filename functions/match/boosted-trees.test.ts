import { describe, expect, it } from 'vitest';
import { averageModels, type BoostedTrees, predictProbability, type TreeNode } from './boosted-trees.ts';
import { committedPairScorer } from './pair-scorer.ts';

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

describe('predictProbability', () => {
  const leaf = (node: TreeNode, row: readonly number[]): number =>
    'value' in node
      ? node.value
      : leaf((row[node.feature] ?? 0) <= node.threshold ? node.left : node.right, row);
  const byObjects = (model: BoostedTrees, row: readonly number[]): number =>
    1 / (1 + Math.exp(-model.trees.reduce((sum, tree) => sum + leaf(tree, row), model.base)));

  it('gives what walking the trees as objects gives, to the last bit', () => {
    // Rows of the committed model's width, values around its thresholds, some features missing.
    const width = committedPairScorer.features.length;
    for (let seed = 1; seed <= 200; seed++) {
      const row = Array.from(
        { length: seed % 7 === 0 ? width - 3 : width },
        (_, f) => ((seed * 31 + f * 17) % 13) / 6 - 0.2,
      );
      expect(predictProbability(committedPairScorer, row)).toBe(byObjects(committedPairScorer, row));
    }
  });

  it('reads trees added to a model after it predicted', () => {
    const model: BoostedTrees = { features: ['x'], base: 0, trees: [{ value: 1 }] };
    expect(predictProbability(model, [0])).toBe(byObjects(model, [0]));
    model.trees.push({ feature: 0, threshold: 0.5, left: { value: -3 }, right: { value: 2 } });
    expect(predictProbability(model, [0])).toBe(byObjects(model, [0]));
    expect(predictProbability(model, [1])).toBe(byObjects(model, [1]));
  });
});
