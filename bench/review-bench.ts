import { DEFAULT_AUTO_ACCEPT_CONFIDENCE, proposalBand, reviewImpact } from '../functions/core/match-bands.ts';
import { expectedCalibrationError } from '../functions/match/training/calibration-error.ts';
import { type Accuracy, measureAccuracy } from '../functions/match/training/measure-accuracy.ts';
import { readBenchmarkDataset } from '../functions/match/training/read-benchmark-dataset.ts';
import {
  type ChosenPair,
  type CrossValidationSplit,
  calibrationDatasets,
  chosenPairs,
  crossValidatedConfidences,
  type FoldConfidences,
} from './calibration-samples.ts';

/** Share of the review queue decided in the bench, in the queue's order, by the answer key. */
export const reviewedShare = 0.1;

/** What the bench prints of calibration, bands and review for one catalogue benchmark. */
export interface ReviewMeasurement {
  dataset: string;
  /** How the calibration was cross-validated (`crossValidatedConfidences`). */
  split: CrossValidationSplit;
  /** Expected calibration error of the out-of-fold confidences, over the key-named matches and over all. */
  keyNamedEce: number;
  allEce: number;
  keyNamedMatches: number;
  matches: number;
  autoAcceptConfidence: number;
  /** AUTO matches, how many are right, and over the key-named ones. */
  auto: number;
  autoRight: number;
  autoKeyNamed: number;
  /** Share of the answer key's pairs that are AUTO. */
  autoShareOfTrue: number;
  reviewQueue: number;
  reviewed: number;
  /** Every proposal as today; AUTO alone; AUTO plus what the first 10 % of the queue accepted. */
  today: Accuracy;
  autoOnly: Accuracy;
  afterReview: Accuracy;
  /** AUTO plus what the whole queue accepted: the most review can give with these proposals. */
  wholeQueueReviewed: Accuracy;
}

/**
 * Calibration, bands and the review queue measured on the catalogue benchmarks, the calibration
 * cross-validated (`crossValidatedConfidences`) two ways: by reference product (five folds over
 * both catalogues pooled), and by catalogue (each judged by a calibration fitted on the other
 * alone, as a shop nobody has seen). Every match's confidence comes from a calibration fitted
 * without it.
 */
export async function measureReview(): Promise<ReviewMeasurement[]> {
  const perDataset = await Promise.all(calibrationDatasets.map((dataset) => chosenPairs(dataset)));
  const pairs = perDataset.flat();
  const truths = new Map(
    await Promise.all(
      calibrationDatasets.map(
        async (dataset) => [dataset, (await readBenchmarkDataset(dataset)).truth] as const,
      ),
    ),
  );
  const splits: CrossValidationSplit[] = ['reference product', 'catalogue'];
  return splits.flatMap((split) => {
    const confidences = crossValidatedConfidences(pairs, split);
    return calibrationDatasets.map((dataset) =>
      measureDataset(dataset, split, truths.get(dataset) ?? [], pairs, confidences),
    );
  });
}

/** One benchmark's figures from the out-of-fold confidences of one split. */
function measureDataset(
  dataset: string,
  split: CrossValidationSplit,
  truth: readonly (readonly [string, string])[],
  pairs: readonly ChosenPair[],
  confidences: readonly FoldConfidences[],
): ReviewMeasurement {
  const rows = pairs
    .map((pair, i) => {
      const fold = confidences[i] as FoldConfidences;
      return { pair, confidence: fold.match, impact: reviewImpact([fold.match, ...fold.alternatives]) };
    })
    .filter((row) => row.pair.dataset === dataset);
  const named = rows.filter((row) => row.pair.keyNamed);
  const band = (row: { confidence: number }) => proposalBand(row.confidence, DEFAULT_AUTO_ACCEPT_CONFIDENCE);
  const auto = rows.filter((row) => band(row) === 'auto');
  const queue = rows
    .filter((row) => band(row) === 'review')
    .sort((a, b) => b.impact - a.impact || a.pair.reference_url.localeCompare(b.pair.reference_url));
  const reviewed = queue.slice(0, Math.ceil(queue.length * reviewedShare));
  const found = (list: readonly { pair: ChosenPair }[]): [string, string][] =>
    list.map((row) => [row.pair.reference_url, row.pair.url]);
  // The reviewer, knowing the answer, accepts a right proposal, else adds a right alternative by
  // hand where its product is free, else rejects (the pair leaves the result).
  const decide = (items: readonly { pair: ChosenPair }[]): [string, string][] => {
    const decided: [string, string][] = [];
    const takenUrls = new Set(auto.map((row) => row.pair.url));
    for (const { pair } of items) {
      const right = pair.same ? pair : pair.alternatives.find((alternative) => alternative.same);
      if (!right || takenUrls.has(right.url)) continue;
      takenUrls.add(right.url);
      decided.push([pair.reference_url, right.url]);
    }
    return decided;
  };
  const autoRight = auto.filter((row) => row.pair.same).length;
  const autoOnly = measureAccuracy(found(auto), truth);
  return {
    dataset,
    split,
    keyNamedEce: expectedCalibrationError(
      named.map((row) => row.confidence),
      named.map((row) => row.pair.same),
    ),
    allEce: expectedCalibrationError(
      rows.map((row) => row.confidence),
      rows.map((row) => row.pair.same),
    ),
    keyNamedMatches: named.length,
    matches: rows.length,
    autoAcceptConfidence: DEFAULT_AUTO_ACCEPT_CONFIDENCE,
    auto: auto.length,
    autoRight,
    autoKeyNamed: auto.filter((row) => row.pair.keyNamed).length,
    autoShareOfTrue: autoOnly.recall,
    reviewQueue: queue.length,
    reviewed: reviewed.length,
    today: measureAccuracy(found(rows), truth),
    autoOnly,
    afterReview: measureAccuracy([...found(auto), ...decide(reviewed)], truth),
    wholeQueueReviewed: measureAccuracy([...found(auto), ...decide(queue)], truth),
  };
}

/** The bench's lines for one benchmark. */
export function printReview(m: ReviewMeasurement): void {
  // The keys leave products out: beside F1, the F1 whose precision counts only the matches of
  // products the key names (`keyNamedPrecision`), as a match of a product it leaves out is no error it can see.
  const f = (accuracy: Accuracy) => {
    const p = accuracy.keyNamedPrecision;
    const keyNamedF1 = p + accuracy.recall > 0 ? (2 * p * accuracy.recall) / (p + accuracy.recall) : 0;
    return `F1 ${accuracy.f1.toFixed(3)} (P ${accuracy.precision.toFixed(3)}, R ${accuracy.recall.toFixed(3)}); over key-named F1 ${keyNamedF1.toFixed(3)} (P ${p.toFixed(3)})`;
  };
  console.log(
    m.split === 'catalogue'
      ? `\n${m.dataset}, calibrated confidence cross-validated by catalogue (fitted on the other catalogue only):`
      : `\n${m.dataset}, calibrated confidence by 5-fold cross-validation (folds by reference product):`,
  );
  console.log(
    `  expected calibration error ${m.keyNamedEce.toFixed(3)} over the ${m.keyNamedMatches} matches whose products the key names (${m.allEce.toFixed(3)} over all ${m.matches}, the key silent on the rest)`,
  );
  console.log(
    `  AUTO (confidence >= ${m.autoAcceptConfidence}): ${m.auto} matches, precision ${(m.autoRight / Math.max(m.autoKeyNamed, 1)).toFixed(3)} over key-named (${(m.autoRight / Math.max(m.auto, 1)).toFixed(3)} over all), ${(m.autoShareOfTrue * 100).toFixed(1)} % of the key's pairs AUTO`,
  );
  console.log(`  today, every proposal:        ${f(m.today)}`);
  console.log(`  AUTO only:                    ${f(m.autoOnly)}`);
  console.log(
    `  AUTO + first ${m.reviewed} of ${m.reviewQueue} in the review queue decided by the key: ${f(m.afterReview)}`,
  );
  console.log(`  AUTO + the whole queue decided by the key (the ceiling): ${f(m.wholeQueueReviewed)}`);
}
