/**
 * The sharded run of `npm run bench -- matching`: synthetic catalogues cut into shards by blocking
 * key (`planShards`), each shard matched in a process of its own (so its peak RSS is its own, as a
 * shard's function in the lane), and the shards' results merged (`mergeShards`). At the size the
 * single run is measured too, the merged matches are compared with its matches pair by pair.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeProduct, type MatchableProduct } from '../functions/match/describe-product.ts';
import { matchCatalogs } from '../functions/match/match-catalogs.ts';
import {
  mergeShards,
  planShards,
  readTermCounts,
  type ShardResult,
  type StoredTermCounts,
  shardCount,
  shardKey,
  storeTermCounts,
} from '../functions/match/match-in-shards.ts';
import { readBenchmarkDataset } from '../functions/match/read-benchmark-dataset.ts';
import { syntheticCatalogs } from './synthetic-catalogs.ts';

export interface WorkerCost {
  seconds: number;
  cpuSeconds: number;
  peakRssKb: number;
}

interface ShardFile {
  reference: MatchableProduct[];
  competitor: MatchableProduct[];
  termCounts: StoredTermCounts;
}

export interface PlanMeasurement extends WorkerCost {
  shards: number;
  /** Products (both catalogs) per shard. */
  sizes: number[];
  referenceProducts: number;
}

export interface ShardMeasurement extends WorkerCost {
  shard: number;
  products: number;
}

/** Of a run's matches: how many pair products of one title (right), and how many cross blocking keys. */
export interface KeyedMatches {
  sameTitle: number;
  acrossKeys: number;
}

export interface MergeMeasurement extends WorkerCost {
  matches: number;
  sharded: KeyedMatches;
  single: KeyedMatches | null;
  /** Pairs of the single run missing from the merged matches, and the other way; null without a single run. */
  diff: { onlySingle: number; onlySharded: number } | null;
}

/** The bench's synthetic catalogues (as `measureScale` builds them) and the titles they were built from. */
export async function syntheticPair(size: number) {
  const data = await readBenchmarkDataset('walmart-amazon');
  const titles = data.right.map((product) => product.name ?? '');
  return { ...syntheticCatalogs(titles, size), titles };
}

/** Plans the shards of two synthetic catalogs of `size` products and writes each shard's input. */
export async function planWorker(
  size: number,
  dir: string,
  cost: () => WorkerCost,
): Promise<PlanMeasurement> {
  const { reference, competitor } = await syntheticPair(size);
  const shards = shardCount(reference.length, competitor.length);
  const plan = planShards(
    { website_id: 'reference', products: reference },
    { website_id: 'competitor', products: competitor },
    shards,
  );
  await mkdir(dir, { recursive: true });
  for (const [i, shard] of plan.shards.entries()) {
    const file: ShardFile = {
      reference: shard.reference,
      competitor: shard.competitor,
      termCounts: storeTermCounts(shard.termCounts),
    };
    await writeFile(join(dir, `shard-${i}.json`), JSON.stringify(file));
  }
  return {
    shards,
    sizes: plan.shards.map((shard) => shard.reference.length + shard.competitor.length),
    referenceProducts: plan.referenceProducts,
    ...cost(),
  };
}

/** Matches one shard from its input file and writes its result. */
export async function shardWorker(
  dir: string,
  shard: number,
  cost: () => WorkerCost,
): Promise<ShardMeasurement> {
  const input = JSON.parse(await readFile(join(dir, `shard-${shard}.json`), 'utf8')) as ShardFile;
  const result = await matchCatalogs(
    { website_id: 'reference', products: input.reference },
    [{ website_id: 'competitor', products: input.competitor }],
    { shard: { termCounts: readTermCounts(input.termCounts) } },
  );
  await writeFile(join(dir, `result-${shard}.json`), JSON.stringify(result));
  return { shard, products: input.reference.length + input.competitor.length, ...cost() };
}

/** Merges the shards' results, and compares them with the single run's pairs where `singlePairs` is given. */
export async function mergeWorker(
  dir: string,
  shards: number,
  referenceProducts: number,
  size: number,
  singlePairs: string | undefined,
  cost: () => WorkerCost,
): Promise<MergeMeasurement> {
  const results: ShardResult[] = [];
  for (let i = 0; i < shards; i++) {
    const result = JSON.parse(await readFile(join(dir, `result-${i}.json`), 'utf8')) as ShardResult;
    // The merge reads a shard's own lists (`shard`), not the matches it chose alone: freed as read.
    result.matches = [];
    results.push(result);
  }
  const merged = mergeShards(results, referenceProducts);
  results.length = 0;
  const sharded = new Set(merged.matches.map(pairOf));
  const key = keyOf(await syntheticPair(size));
  let diff: MergeMeasurement['diff'] = null;
  let single: MergeMeasurement['single'] = null;
  if (singlePairs) {
    const singleSet = new Set(JSON.parse(await readFile(singlePairs, 'utf8')) as string[]);
    diff = {
      onlySingle: [...singleSet].filter((pair) => !sharded.has(pair)).length,
      onlySharded: [...sharded].filter((pair) => !singleSet.has(pair)).length,
    };
    single = key(singleSet);
  }
  return { matches: merged.matches.length, diff, sharded: key(sharded), single, ...cost() };
}

/**
 * Checks matches against what the synthetic catalogues are: two products are the same where they
 * were built from one title (a title repeats when the size exceeds the titles, and its copies are
 * one product). Also counts the pairs whose products have different blocking keys, which no shard
 * holds together.
 */
function keyOf({
  reference,
  competitor,
  titles,
}: {
  reference: readonly MatchableProduct[];
  competitor: readonly MatchableProduct[];
  titles: readonly string[];
}) {
  const at = (url: string) => Number(url.slice(url.lastIndexOf('/') + 1));
  // Product i of either side was built from title i modulo the titles.
  const titleOf = (i: number) => titles[i % titles.length];
  return (pairs: ReadonlySet<string>) => {
    let sameTitle = 0;
    let acrossKeys = 0;
    for (const pair of pairs) {
      const [referenceUrl, url] = pair.split(' ') as [string, string];
      const a = reference[at(referenceUrl)] as MatchableProduct;
      const b = competitor[at(url)] as MatchableProduct;
      if (titleOf(at(referenceUrl)) === titleOf(at(url))) sameTitle++;
      if (shardKey(describeProduct(a)) !== shardKey(describeProduct(b))) acrossKeys++;
    }
    return { sameTitle, acrossKeys };
  };
}

/** A match as one string, to compare runs pair by pair. */
export const pairOf = (match: { reference_url: string; url: string }): string =>
  `${match.reference_url} ${match.url}`;
