import committed from './match-calibration.json' with { type: 'json' };

/** What the engine knows of a chosen pair when it decides it, read by the calibration. */
export interface MatchSignals {
  /** The pair decision on its own (`PairJudgement.confidence`): 1 or 0 where GTINs decide, else the learned probability. */
  learned: number;
  /** The assignment score. */
  score: number;
  /** The best score of the other pairs of either product: how far the pair stands out from look-alikes. */
  runnerUp: number;
  /**
   * The pair decision on its own (`learned`) of the reference product's best-scored other candidate,
   * 0 where it has none: a rival the learned scorer also takes for the product (an edition, a
   * duplicate listing) makes the choice a guess however the scores compare.
   */
  rivalLearned: number;
  /** Whether an identifier agrees: equal GTINs or a model code. */
  coded: boolean;
  /**
   * The pair agrees by no identifier between shops where such a pair is suspect
   * (`uncodedPairsSuspect`): a guess among look-alikes. Absent on matches of runs before match-12.
   */
  uncodedSuspect?: boolean;
  /**
   * How many times the higher price of the pair is the lower (`priceRatio`), null where the two
   * prices do not compare. Absent on matches of runs before match-13.
   */
  priceRatio?: number | null;
  /** The same of the reference product and the rival (`rivalLearned`'s pair). Absent before match-13. */
  rivalPriceRatio?: number | null;
}

/**
 * A logistic model over `calibrationFeatures`: the probability that a chosen pair is right. Fitted
 * by `fitCalibration` on the chosen pairs of the catalogue benchmarks, which the pair scorer never
 * trained on (`bench/fit-match-calibration.ts` writes `match-calibration.json`).
 */
export interface MatchCalibration {
  features: readonly string[];
  bias: number;
  weights: readonly number[];
}

export const calibrationFeatureNames = [
  'learnedLogOdds',
  'score',
  'margin',
  'coded',
  'rivalMargin',
  'uncodedSuspect',
  'codedLearnedLogOdds',
  'scoreMargin',
  'pricesCompare',
  'rivalPricedFurther',
] as const;

/** Log-odds of a probability, bounded so that a decided 1 or 0 stays a finite, strong signal. */
const logOdds = (probability: number): number => {
  const p = Math.min(Math.max(probability, 0.0025), 0.9975);
  return Math.log(p / (1 - p));
};

/** The calibration's input row. */
export function calibrationFeatures(signals: MatchSignals): number[] {
  // The ratio of a pair's score to its runner-up's, in log, bounded: a pair with no rival is as sure as one 50 times ahead.
  const margin = Math.min(Math.max(Math.log((signals.score + 0.02) / (signals.runnerUp + 0.02)), 0), 4);
  // How far the learned scorer prefers the pair to its rival, in log-odds, bounded: a rival it
  // prefers by much is as bad as any, and one far behind is as good as none.
  const rivalMargin = Math.min(Math.max(logOdds(signals.learned) - logOdds(signals.rivalLearned), -3), 6);
  const coded = signals.coded ? 1 : 0;
  // Two interactions (match-12): the learned scorer is read apart where a code agrees (the code
  // already says much of what it reads), and a margin counts by how much of the title is shared
  // (a look-alike far behind a pair sharing little is no proof).
  return [
    logOdds(signals.learned),
    signals.score,
    margin,
    coded,
    rivalMargin,
    signals.uncodedSuspect ? 1 : 0,
    coded * logOdds(signals.learned),
    signals.score * margin,
    ...priceFeatures(signals),
  ];
}

/**
 * Where the prices compare (match-13): whether they do, and how much further the rival's price is
 * from the reference's than the match's (log of the ratios' ratio, bounded to -1..1, 0 without the
 * rival's). Among a program's editions and listings the one priced like the reference is mostly
 * the one the same product (docs/decisions.md, "The rival's price").
 */
function priceFeatures(signals: MatchSignals): [number, number] {
  const own = signals.priceRatio;
  if (own == null) return [0, 0];
  const rival = signals.rivalPriceRatio;
  const further = rival == null ? 0 : Math.min(Math.max(Math.log(rival) - Math.log(own), -1), 1);
  return [1, further];
}

export const committedCalibration = committed as MatchCalibration;

/** The calibrated probability, 0..1, that a chosen pair is the same product. */
export function calibrateConfidence(
  signals: MatchSignals,
  calibration: MatchCalibration = committedCalibration,
): number {
  const row = calibrationFeatures(signals);
  let sum = calibration.bias;
  for (const [i, weight] of calibration.weights.entries()) sum += weight * (row[i] ?? 0);
  return 1 / (1 + Math.exp(-sum));
}
