import { describe, expect, it } from 'vitest';
import { foldPairsByProduct } from './fold-pairs-by-product.ts';

const pairs = [
  { left: 'Garmin Fenix 5S', right: 'GARMIN fenix 5S watch', same: true },
  { left: 'Garmin Fenix 5S watch black', right: 'GARMIN fenix 5S watch', same: true },
  { left: 'Garmin Fenix 5S', right: 'Garmin Fenix 5X', same: false },
  { left: 'Jabra Evolve 20', right: 'Jabra EVOLVE 20 MS', same: true },
  { left: 'Jabra Evolve 20', right: 'Jabra Evolve 30', same: false },
  { left: 'Garmin Fenix 5X', right: 'fenix 5X Plus', same: true },
];

describe('foldPairsByProduct', () => {
  it('gives each pair of one product one role in every fold, tested in exactly one', () => {
    const role = foldPairsByProduct(pairs, 3);
    for (const same of [0, 1]) {
      const roles = [0, 1, 2].map((fold) => role(fold, same));
      expect(roles).toEqual([0, 1, 2].map((fold) => role(fold, 1 - same)));
      expect(roles.filter((r) => r === 'test')).toHaveLength(1);
      expect(roles.filter((r) => r === 'train')).toHaveLength(2);
    }
  });

  it('never trains on a title of a pair it tests', () => {
    for (const folds of [2, 3, 5]) {
      const role = foldPairsByProduct(pairs, folds);
      for (let fold = 0; fold < folds; fold++) {
        const trained = new Set(
          pairs.flatMap((pair, i) => (role(fold, i) === 'train' ? [pair.left, pair.right] : [])),
        );
        pairs.forEach((pair, i) => {
          if (role(fold, i) !== 'test') return;
          expect(trained.has(pair.left)).toBe(false);
          expect(trained.has(pair.right)).toBe(false);
        });
      }
    }
  });

  it('splits the same way whatever the order of the pairs', () => {
    const role = foldPairsByProduct(pairs, 5);
    const reversed = foldPairsByProduct([...pairs].reverse(), 5);
    for (let fold = 0; fold < 5; fold++)
      for (let i = 0; i < pairs.length; i++) expect(reversed(fold, pairs.length - 1 - i)).toBe(role(fold, i));
  });
});
