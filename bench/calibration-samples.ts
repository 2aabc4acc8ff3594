import { calibrateConfidence, type MatchSignals, matchCatalogs } from '../functions/match/index.ts';
import { fitCalibration } from '../functions/match/training/fit-calibration.ts';
import { readBenchmarkDataset } from '../functions/match/training/read-benchmark-dataset.ts';

/** A candidate pair on a catalogue benchmark, with what its answer key says of it. */
export interface LabelledCandidate {
  url: string;
  signals: MatchSignals;
  /** The answer key names the pair. */
  same: boolean;
}

/** A match the engine chose on a catalogue benchmark, its alternatives, and what the key says. */
export interface ChosenPair extends LabelledCandidate {
  dataset: string;
  reference_url: string;
  /** The answer key names either product: only there does it tell a wrong match from one it left out. */
  keyNamed: boolean;
  alternatives: LabelledCandidate[];
}

/** The catalogue benchmarks the calibration is fitted on. */
export const calibrationDatasets = ['amazon-google', 'walmart-amazon'];

/** The matches of the whole-catalogue run of one benchmark, with their signals and labels. */
export async function chosenPairs(dataset: string): Promise<ChosenPair[]> {
  const data = await readBenchmarkDataset(dataset);
  // Every match lists its alternatives here: which land in review depends on the cross-validated confidence.
  const result = await matchCatalogs(
    { website_id: 'left', products: data.left },
    [{ website_id: 'right', products: data.right }],
    { alternativesBelow: Number.POSITIVE_INFINITY },
  );
  const key = new Set(data.truth.map(([left, right]) => `${left}\n${right}`));
  const lefts = new Set(data.truth.map(([left]) => left));
  const rights = new Set(data.truth.map(([, right]) => right));
  return result.matches.map((match) => ({
    dataset,
    reference_url: match.reference_url,
    url: match.url,
    signals: match.signals as MatchSignals,
    same: key.has(`${match.reference_url}\n${match.url}`),
    keyNamed: lefts.has(match.reference_url) || rights.has(match.url),
    alternatives: (match.alternatives ?? []).map((alternative) => ({
      url: alternative.url,
      signals: alternative.signals as MatchSignals,
      same: key.has(`${match.reference_url}\n${alternative.url}`),
    })),
  }));
}

/** The pairs the calibration is fitted and measured on: those whose products the answer key names. */
export const speaking = (pairs: readonly ChosenPair[]): ChosenPair[] => pairs.filter((pair) => pair.keyNamed);

const folds = 5;

/** How the matches are split for cross-validation: a group's matches are fitted on together or predicted together. */
export type CrossValidationSplit = 'reference product' | 'catalogue';

/** Five folds by a hash of the reference product's URL. */
function foldOf(url: string): number {
  let hash = 0;
  for (const char of url) hash = (Math.imul(hash, 31) + (char.codePointAt(0) as number)) >>> 0;
  return hash % folds;
}

const groupOf: Record<CrossValidationSplit, (pair: ChosenPair) => string> = {
  'reference product': (pair) => String(foldOf(pair.reference_url)),
  // Each catalogue judged by a calibration fitted on the others only: as a shop nobody has seen.
  catalogue: (pair) => pair.dataset,
};

/** A match's out-of-fold confidence and its alternatives', in their order. */
export interface FoldConfidences {
  match: number;
  alternatives: number[];
}

/**
 * Out-of-fold confidences of `pairs` (all benchmarks pooled) and of their alternatives: each group
 * of the split (five folds by reference product, or one catalogue) predicted by a calibration
 * fitted on the key-named matches of the other groups.
 */
export function crossValidatedConfidences(
  pairs: readonly ChosenPair[],
  split: CrossValidationSplit = 'reference product',
): FoldConfidences[] {
  const group = groupOf[split];
  const confidences: FoldConfidences[] = pairs.map(() => ({ match: Number.NaN, alternatives: [] }));
  for (const held of new Set(pairs.map(group))) {
    const calibration = fitCalibration(speaking(pairs.filter((pair) => group(pair) !== held)));
    for (const [i, pair] of pairs.entries())
      if (group(pair) === held)
        confidences[i] = {
          match: calibrateConfidence(pair.signals, calibration),
          alternatives: pair.alternatives.map((alternative) =>
            calibrateConfidence(alternative.signals, calibration),
          ),
        };
  }
  return confidences;
}
