/**
 * Where a catalogue benchmark's true pairs stand after the first 10 % of the review queue is decided
 * (`bench/review-bench.ts`'s reviewer), and what the reviewed items gave: `npx tsx
 * bench/review-breakdown.ts [dataset ...]` (both by default), for both cross-validation splits.
 *
 * Each answer-key pair (reference product l, partner r) is put in the first kind that fits it:
 * AUTO; reviewed (the proposal accepted, or r added from the item's alternatives); in the queue but
 * not reached (r proposed, or among the alternatives); l matched to another product (AUTO, or in
 * review with r not offered); l unmatched, r a scored candidate of l (r free, or taken by another
 * reference product) or not. The reviewed items are counted by what their decision added. The
 * unmatched reference products' candidates come from blocking as one run looks products up.
 */
import { DEFAULT_AUTO_ACCEPT_CONFIDENCE, proposalBand, reviewImpact } from '../functions/core/match-bands.ts';
import type { ScoredPair } from '../functions/match/index.ts';
import { readBenchmarkDataset } from '../functions/match/training/read-benchmark-dataset.ts';
import { benchmarkBlocking } from './benchmark-blocking.ts';
import {
  type ChosenPair,
  type CrossValidationSplit,
  calibrationDatasets,
  chosenPairs,
  crossValidatedConfidences,
  type FoldConfidences,
} from './calibration-samples.ts';
import { reviewedShare } from './review-bench.ts';

/** Each reference product's scored candidates (URL, score, learned probability), best score first. */
async function scoredCandidates(dataset: string): Promise<Map<string, { url: string; pair: ScoredPair }[]>> {
  const { data, found } = await benchmarkBlocking(dataset);
  const scored = [...found.values()].filter((pair): pair is ScoredPair => pair !== null);
  const byReference = new Map<string, { url: string; pair: ScoredPair }[]>();
  for (const pair of scored) {
    const url = data.left[pair.reference]?.url as string;
    const list = byReference.get(url) ?? [];
    list.push({ url: data.right[pair.competitor]?.url as string, pair });
    byReference.set(url, list);
  }
  for (const list of byReference.values()) list.sort((a, b) => b.pair.score - a.pair.score);
  return byReference;
}

function breakdown(
  dataset: string,
  split: CrossValidationSplit,
  truth: readonly (readonly [string, string])[],
  pairs: readonly ChosenPair[],
  confidences: readonly FoldConfidences[],
  candidates: Map<string, { url: string; pair: ScoredPair }[]>,
): void {
  const rows = pairs
    .map((pair, i) => {
      const fold = confidences[i] as FoldConfidences;
      return {
        pair,
        confidence: fold.match,
        alternatives: fold.alternatives,
        impact: reviewImpact([fold.match, ...fold.alternatives]),
      };
    })
    .filter((row) => row.pair.dataset === dataset);
  const isAuto = (row: { confidence: number }) =>
    proposalBand(row.confidence, DEFAULT_AUTO_ACCEPT_CONFIDENCE) === 'auto';
  const queue = rows
    .filter((row) => !isAuto(row))
    .sort((a, b) => b.impact - a.impact || a.pair.reference_url.localeCompare(b.pair.reference_url));
  const reviewed = queue.slice(0, Math.ceil(queue.length * reviewedShare));
  const reviewedRefs = new Set(reviewed.map((row) => row.pair.reference_url));
  const matchOf = new Map(rows.map((row) => [row.pair.reference_url, row]));
  const takenBy = new Map(rows.map((row) => [row.pair.url, row]));
  const autoUrls = new Set(rows.filter(isAuto).map((row) => row.pair.url));

  // What each reviewed item's decision gave, as the bench's reviewer decides it.
  const items = new Map<string, number>();
  const count = (map: Map<string, number>, kind: string) => map.set(kind, (map.get(kind) ?? 0) + 1);
  const added = new Set<string>();
  const taken = new Set(autoUrls);
  for (const { pair } of reviewed) {
    const right = pair.same ? pair : pair.alternatives.find((alternative) => alternative.same);
    if (!pair.keyNamed) count(items, 'key silent on both products: rejected, adds nothing the key sees');
    else if (!right) count(items, 'key-named, neither the proposal nor an alternative right: rejected');
    else if (taken.has(right.url)) count(items, 'right alternative, its product already AUTO elsewhere');
    else {
      taken.add(right.url);
      added.add(`${pair.reference_url}\n${right.url}`);
      count(items, pair.same ? 'proposal right: accepted' : 'right alternative chosen');
    }
  }

  const kinds = new Map<string, number>();
  const examples = new Map<string, string[]>();
  for (const [l, r] of truth) {
    const match = matchOf.get(l);
    const kind = (() => {
      if (match?.pair.url === r && isAuto(match)) return 'AUTO';
      if (added.has(`${l}\n${r}`))
        return match?.pair.url === r ? 'reviewed: accepted' : 'reviewed: alternative';
      if (match && !isAuto(match)) {
        const reached = reviewedRefs.has(l) ? 'reached' : 'not reached';
        if (match.pair.url === r) return `in queue, ${reached}: proposed`;
        if (match.pair.alternatives.some((alternative) => alternative.url === r))
          return `in queue, ${reached}: among alternatives${autoUrls.has(r) ? ' (r AUTO elsewhere)' : ''}`;
        return 'l in queue with another, r not offered';
      }
      if (match) {
        const offered = match.pair.alternatives.some((alternative) => alternative.url === r);
        return `l AUTO with another product${offered ? ', r among its alternatives' : ''}`;
      }
      const list = candidates.get(l) ?? [];
      const at = list.findIndex((candidate) => candidate.url === r);
      if (at < 0) return 'l unmatched, r not a scored candidate';
      const holder = takenBy.get(r);
      const where = holder ? (isAuto(holder) ? 'r AUTO with another' : 'r in review with another') : 'r free';
      return `l unmatched, r its candidate #${Math.min(at + 1, 3)}${at >= 2 ? '+' : ''}, ${where}`;
    })();
    count(kinds, kind);
    const list = examples.get(kind) ?? [];
    if (list.length < 3) list.push(`${l} | ${r}`);
    examples.set(kind, list);
  }
  // Reference products with no match: how many have a candidate, and how close their best is.
  const unmatched = [...candidates.keys()].filter((url) => !matchOf.has(url));
  const truthOf = new Map(truth.map(([l, r]) => [l, r]));
  const named = unmatched.filter((url) => truthOf.has(url));
  const bestIsPartner = named.filter((url) => candidates.get(url)?.[0]?.url === truthOf.get(url));
  const learnedOf = (url: string) => candidates.get(url)?.[0]?.pair.learned ?? Number.NaN;

  console.log(
    `\n${dataset}, split by ${split}: ${truth.length} key pairs, ${rows.length} matches, ${queue.length} in the queue, ${reviewed.length} reviewed`,
  );
  for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1]))
    console.log(
      `  ${String(n).padStart(4)}  ${kind}   e.g. ${(examples.get(kind) ?? []).slice(0, 1).join('; ')}`,
    );
  console.log('  reviewed items:');
  for (const [kind, n] of [...items].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(4)}  ${kind}`);
  const sure = (urls: string[]) => urls.filter((url) => learnedOf(url) >= 0.5).length;
  console.log(
    `  unmatched reference products with a scored candidate: ${unmatched.length} (${sure(unmatched)} whose best the learned scorer takes for the product); key-named ${named.length}, best candidate the partner ${bestIsPartner.length} (${sure(bestIsPartner)} of them learned >= 0.5; of the other key-named, ${sure(named.filter((url) => !bestIsPartner.includes(url)))})`,
  );
}

const datasets = process.argv.slice(2).length > 0 ? process.argv.slice(2) : calibrationDatasets;
const all = (await Promise.all(calibrationDatasets.map((dataset) => chosenPairs(dataset)))).flat();
for (const split of ['reference product', 'catalogue'] as const) {
  const confidences = crossValidatedConfidences(all, split);
  for (const dataset of datasets) {
    const { truth } = await readBenchmarkDataset(dataset);
    breakdown(dataset, split, truth, all, confidences, await scoredCandidates(dataset));
  }
}
