import { type BoostedTrees, predictProbability } from './boosted-trees.ts';
import model from './pair-scorer.json' with { type: 'json' };

/**
 * The learned pair scorer (`train-pair-scorer.ts`, trained on the WDC pairs of data/matching): the
 * probability, 0..1, that a pair with these `pairFeatures` is the same product.
 */
export function scorePair(features: readonly number[]): number {
  return predictProbability(model as BoostedTrees, features);
}
