import type { BoostedTrees } from './boosted-trees.ts';
import model from './pair-scorer.json' with { type: 'json' };

/**
 * The committed learned pair scorer (`train-pair-scorer.ts`, trained on the WDC pairs of
 * data/matching): `predictProbability` of it is the probability, 0..1, that a pair with these
 * `pairFeatures` is the same product.
 */
export const committedPairScorer = model as BoostedTrees;
