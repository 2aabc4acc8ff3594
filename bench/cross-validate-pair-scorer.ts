/**
 * `npx tsx bench/cross-validate-pair-scorer.ts [features to leave out, comma-separated]`: 5-fold
 * cross-validation of the pair scorer on the WDC training pairs, folds grouped by product
 * (`foldPairsByProduct`), with the training options of `train-pair-scorer.ts`. Prints the
 * out-of-fold log loss and precision, recall and F1 at probability 0.5: how pair features and
 * training options are chosen, the validation pairs left for measuring.
 */
import { predictProbability, trainBoostedTrees } from '../functions/match/boosted-trees.ts';
import { titleDescriber } from '../functions/match/describe-title.ts';
import { foldPairsByProduct } from '../functions/match/fold-pairs-by-product.ts';
import { mineMakerWords } from '../functions/match/mine-maker-words.ts';
import { makerConflict, pairFeatureNames } from '../functions/match/pair-features.ts';
import { readLabelledPairs } from '../functions/match/read-labelled-pairs.ts';
import { scoreTitlePairs } from '../functions/match/score-title-pairs.ts';
import { pairScorerTraining } from '../functions/match/train-pair-scorer.ts';

const folds = 5;
const leftOut = new Set((process.argv[2] ?? '').split(',').filter(Boolean));
const unknown = [...leftOut].filter((name) => !(pairFeatureNames as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown features ${unknown.join(', ')}`);

const pairs = await readLabelledPairs('train');
const kept = pairFeatureNames.flatMap((name, i) => (leftOut.has(name) ? [] : [i]));
const rows = scoreTitlePairs(pairs).map((pair) => kept.map((i) => pair.features[i] as number));
const names = kept.map((i) => pairFeatureNames[i] as string);
const role = foldPairsByProduct(pairs, folds);
const makerColumn = names.indexOf('maker_conflict');
const describe = titleDescriber();
/**
 * The rows of one fold: the maker words are learned again from the fold's training pairs, so the
 * maker conflict of a tested pair owes nothing to its own label.
 */
const foldRows = (train: number[]): number[][] => {
  if (makerColumn === -1) return rows;
  const makers = new Set(mineMakerWords(train.map((i) => pairs[i] as (typeof pairs)[0])));
  return rows.map((row, i) => {
    const pair = pairs[i] as (typeof pairs)[0];
    const copy = [...row];
    copy[makerColumn] = makerConflict(describe(pair.left), describe(pair.right), makers) ? 1 : 0;
    return copy;
  });
};
let logLoss = 0;
let tested = 0;
let truePositives = 0;
let falsePositives = 0;
let falseNegatives = 0;
for (let fold = 0; fold < folds; fold++) {
  const train = pairs.flatMap((_, i) => (role(fold, i) === 'train' ? [i] : []));
  const rows = foldRows(train);
  const model = trainBoostedTrees(
    names,
    train.map((i) => rows[i] as number[]),
    train.map((i) => (pairs[i] as (typeof pairs)[0]).same),
    pairScorerTraining,
  );
  pairs.forEach((pair, i) => {
    if (role(fold, i) !== 'test') return;
    const probability = predictProbability(model, rows[i] as number[]);
    tested++;
    logLoss -= Math.log(Math.max(pair.same ? probability : 1 - probability, 1e-9));
    if (probability >= 0.5) pair.same ? truePositives++ : falsePositives++;
    else if (pair.same) falseNegatives++;
  });
}
const precision = truePositives / (truePositives + falsePositives);
const recall = truePositives / (truePositives + falseNegatives);
console.log(
  `${tested} pairs tested out of fold, ${names.length} features: log loss ${(logLoss / tested).toFixed(4)}, precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, F1 ${((2 * precision * recall) / (precision + recall)).toFixed(4)}`,
);
