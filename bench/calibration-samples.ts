import { calibrateConfidence, type MatchSignals } from '../functions/match/calibrate-confidence.ts';
import { fitCalibration } from '../functions/match/fit-calibration.ts';
import { matchCatalogs } from '../functions/match/match-catalogs.ts';
import { readBenchmarkDataset } from '../functions/match/read-benchmark-dataset.ts';

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

/** A reference product's fold: its pairs are fitted on together or predicted together. */
function foldOf(url: string): number {
  let hash = 0;
  for (const char of url) hash = (Math.imul(hash, 31) + (char.codePointAt(0) as number)) >>> 0;
  return hash % folds;
}

/** A match's out-of-fold confidence and its alternatives', in their order. */
export interface FoldConfidences {
  match: number;
  alternatives: number[];
}

/**
 * Out-of-fold confidences of `pairs` (all benchmarks pooled) and of their alternatives: five folds
 * grouped by reference product, each predicted by a calibration fitted on the key-named matches of
 * the other four.
 */
export function crossValidatedConfidences(pairs: readonly ChosenPair[]): FoldConfidences[] {
  const confidences: FoldConfidences[] = pairs.map(() => ({ match: Number.NaN, alternatives: [] }));
  for (let fold = 0; fold < folds; fold++) {
    const calibration = fitCalibration(speaking(pairs.filter((pair) => foldOf(pair.reference_url) !== fold)));
    for (const [i, pair] of pairs.entries())
      if (foldOf(pair.reference_url) === fold)
        confidences[i] = {
          match: calibrateConfidence(pair.signals, calibration),
          alternatives: pair.alternatives.map((alternative) =>
            calibrateConfidence(alternative.signals, calibration),
          ),
        };
  }
  return confidences;
}
