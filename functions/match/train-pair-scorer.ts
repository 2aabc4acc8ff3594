import { type BoostedTrees, type TrainingOptions, trainBoostedTrees } from './boosted-trees.ts';
import { pairFeatureNames } from './pair-features.ts';
import { readLabelledPairs } from './read-labelled-pairs.ts';
import { scoreTitlePairs } from './score-title-pairs.ts';

/**
 * Shallow trees, few of them: the features are few and already say most, and the WDC pairs are
 * 80 % corner cases, so deeper or more trees learn the training offers rather than kinds of product.
 */
export const pairScorerTraining: TrainingOptions = {
  trees: 100,
  depth: 3,
  learningRate: 0.1,
  subsample: 0.8,
  bins: 32,
  minLeaf: 20,
  seed: 12,
};

/**
 * Trains the pair scorer on the WDC training pairs of data/matching; the same model on every run
 * with the same `options` (the committed model's by default).
 */
export async function trainPairScorer(options: TrainingOptions = pairScorerTraining): Promise<BoostedTrees> {
  const pairs = await readLabelledPairs('train');
  const scored = scoreTitlePairs(pairs);
  return trainBoostedTrees(
    pairFeatureNames,
    scored.map((pair) => pair.features),
    pairs.map((pair) => pair.same),
    options,
  );
}
