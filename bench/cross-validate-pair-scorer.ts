/**
 * `npx tsx bench/cross-validate-pair-scorer.ts [features to leave out, comma-separated]`: 5-fold
 * cross-validation of the pair scorer on the WDC training pairs, folds grouped by product
 * (`foldPairsByProduct`), with the training options of `train-pair-scorer.ts`. The maker words are
 * learned again from each fold's training pairs, as the trainer learns them from all.
 * Prints the out-of-fold log loss and precision, recall and F1 at probability 0.5: how pair features
 * and training options are chosen, the validation pairs left for measuring.
 *
 * A pair is tested only where both its products fall in the tested fold, which keeps every matching
 * pair (one product) but only a fold's share of the others: tested non-matching pairs count that
 * many times over, so the figures hold at the training pairs' own share of matches.
 */
import {
  makerConflict,
  pairFeatureNames,
  predictProbability,
  titleDescriber,
  trainBoostedTrees,
} from '../functions/match/index.ts';
import { foldPairsByProduct } from '../functions/match/training/fold-pairs-by-product.ts';
import { mineMakerWords } from '../functions/match/training/mine-maker-words.ts';
import { type LabelledPair, readLabelledPairs } from '../functions/match/training/read-labelled-pairs.ts';
import { scoreTitlePairs } from '../functions/match/training/score-title-pairs.ts';
import { pairScorerTraining } from '../functions/match/training/train-pair-scorer.ts';

const folds = 5;
const leftOut = new Set((process.argv[2] ?? '').split(',').filter(Boolean));
const unknown = [...leftOut].filter((name) => !(pairFeatureNames as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown features ${unknown.join(', ')}`);

const pairs = await readLabelledPairs('train');
const features = scoreTitlePairs(pairs).map((pair) => pair.features);
const kept = pairFeatureNames.flatMap((name, i) => (leftOut.has(name) ? [] : [i]));
const names = kept.map((i) => pairFeatureNames[i] as string);
const role = foldPairsByProduct(pairs, folds);
const makerColumn = pairFeatureNames.indexOf('maker_conflict');
const describe = titleDescriber();

/**
 * The rows of one fold: the maker words are learned again from the fold's training pairs, so the
 * maker conflict of a tested pair owes nothing to its own label.
 */
const foldRows = (train: number[]): number[][] => {
  const makers = new Set(mineMakerWords(train.map((i) => pairs[i] as LabelledPair)));
  return features.map((row, i) => {
    const pair = pairs[i] as LabelledPair;
    const copy = [...row];
    copy[makerColumn] = makerConflict(describe(pair.left), describe(pair.right), makers) ? 1 : 0;
    return kept.map((k) => copy[k] as number);
  });
};

const tested: { same: boolean; probability: number }[] = [];
for (let fold = 0; fold < folds; fold++) {
  const train = pairs.flatMap((_, i) => (role(fold, i) === 'train' ? [i] : []));
  const rows = foldRows(train);
  const model = trainBoostedTrees(
    names,
    train.map((i) => rows[i] as number[]),
    train.map((i) => (pairs[i] as LabelledPair).same),
    pairScorerTraining,
  );
  pairs.forEach((pair, i) => {
    if (role(fold, i) === 'test')
      tested.push({ same: pair.same, probability: predictProbability(model, rows[i] as number[]) });
  });
}
const matching = (list: readonly { same: boolean }[]) => list.filter((pair) => pair.same).length;
const testedMatching = matching(tested);
const otherWeight =
  (pairs.length - matching(pairs)) / matching(pairs) / ((tested.length - testedMatching) / testedMatching);
let logLoss = 0;
let truePositives = 0;
let falsePositives = 0;
let falseNegatives = 0;
for (const { same, probability } of tested) {
  const weight = same ? 1 : otherWeight;
  logLoss -= weight * Math.log(Math.max(same ? probability : 1 - probability, 1e-9));
  if (probability < 0.5) {
    if (same) falseNegatives++;
  } else if (same) truePositives++;
  else falsePositives += weight;
}
const precision = truePositives / (truePositives + falsePositives);
const recall = truePositives / (truePositives + falseNegatives);
const totalWeight = testedMatching + (tested.length - testedMatching) * otherWeight;
console.log(
  `${tested.length} pairs tested out of fold (non-matching ones counted ${otherWeight.toFixed(2)} times), ${names.length} features: log loss ${(logLoss / totalWeight).toFixed(4)}, precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, F1 ${((2 * precision * recall) / (precision + recall)).toFixed(4)}`,
);
