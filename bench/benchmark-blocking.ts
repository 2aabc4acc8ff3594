import {
  countTerms,
  describeProduct,
  findCandidates,
  indexCatalog,
  matchingDefaults,
  type ScoredPair,
  scorePair,
  weighCounts,
} from '../functions/match/index.ts';
import { readBenchmarkDataset } from '../functions/match/training/read-benchmark-dataset.ts';

/**
 * A benchmark's catalogs looked up as one run looks them up (every product both ways,
 * `matchingDefaults.candidates` each): each pair blocking found, keyed `"<reference> <competitor>"`,
 * with its score, or null where the pair scores nothing (a veto or conflict).
 */
export async function benchmarkBlocking(dataset: string) {
  const data = await readBenchmarkDataset(dataset);
  const refs = data.left.map(describeProduct);
  const comps = data.right.map(describeProduct);
  const weights = weighCounts(countTerms([refs, comps]));
  const refIndex = indexCatalog(refs);
  const compIndex = indexCatalog(comps);
  const found = new Map<string, ScoredPair | null>();
  const score = (r: number, c: number) => {
    const key = `${r} ${c}`;
    if (!found.has(key)) found.set(key, scorePair(refs, comps, r, c, weights, undefined));
  };
  refs.forEach((query, r) => {
    for (const c of findCandidates(query, compIndex, weights, matchingDefaults.candidates)) score(r, c);
  });
  comps.forEach((query, c) => {
    for (const r of findCandidates(query, refIndex, weights, matchingDefaults.candidates)) score(r, c);
  });
  return { data, refs, comps, weights, refIndex, compIndex, found };
}
