/**
 * The sharded run of `npm run bench -- matching`: synthetic catalogues cut into chunks
 * (`planShards`), each shard (a reference chunk × a competitor chunk) matched in a process of its
 * own (so its peak RSS is its own, as a shard's function in the lane), and the shards' results
 * merged (`mergeShardsByChunk`). At the size the single run is measured too, the merged matches are
 * compared with its matches: pair, score, confidence and alternatives.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_AUTO_ACCEPT_CONFIDENCE } from '../functions/core/match-bands.ts';
import {
  type CatalogChunk,
  chunksOfShard,
  DEFAULT_SHARD_SIZES,
  describeProduct,
  type MatchableProduct,
  type MergePlan,
  matchingDefaults,
  matchShard,
  mergeShardsByChunk,
  type ProductMatch,
  planShards,
  type ShardResult,
  shardsOf,
} from '../functions/match/index.ts';
import { readBenchmarkDataset } from '../functions/match/training/read-benchmark-dataset.ts';
import { syntheticCatalogs } from './synthetic-catalogs.ts';

export interface WorkerCost {
  seconds: number;
  cpuSeconds: number;
  peakRssKb: number;
}

export interface PlanMeasurement extends WorkerCost {
  shards: number;
  /** Products (both chunks) per shard. */
  sizes: number[];
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
  /** Peak RSS when the merge returned, before the worker's check of the matches. */
  mergePeakRssKb: number;
  matches: number;
  sharded: KeyedMatches;
  single: KeyedMatches | null;
  /** Matches of the single run not in the merged ones (pair, score, confidence or alternatives differ), and the other way. */
  diff: { onlySingle: number; onlySharded: number } | null;
}

/** The bench's synthetic catalogues (as `measureScale` builds them) and the titles they were built from. */
export async function syntheticPair(size: number) {
  const data = await readBenchmarkDataset('walmart-amazon');
  const titles = data.right.map((product) => product.name ?? '');
  return { ...syntheticCatalogs(titles, size), titles };
}

const chunkFile = (dir: string, side: 'reference' | 'competitor', chunk: number) =>
  join(dir, `${side}-${chunk}.json`);
const keptFile = (dir: string, chunk: number) => join(dir, `kept-${chunk}.json`);

/** Plans the shards of two synthetic catalogs of `size` products and writes each chunk and the merge's plan. */
export async function planWorker(
  size: number,
  dir: string,
  cost: () => WorkerCost,
): Promise<PlanMeasurement> {
  const { reference, competitor } = await syntheticPair(size);
  const plan = planShards(
    { website_id: 'reference', products: reference },
    { website_id: 'competitor', products: competitor },
    DEFAULT_SHARD_SIZES,
    { candidates: matchingDefaults.candidates },
  );
  await mkdir(dir, { recursive: true });
  for (const side of ['reference', 'competitor'] as const)
    for (const [i, chunk] of plan[side].entries())
      await writeFile(chunkFile(dir, side, i), JSON.stringify(chunk));
  await writeFile(join(dir, 'merge.json'), JSON.stringify(plan.merge));
  for (const [i, kept] of plan.kept.entries())
    if (kept.length > 0) await writeFile(keptFile(dir, i), JSON.stringify(kept));
  // What a shard reads besides its two chunks: not the merge's plan, which holds every product's fingerprint.
  const shardsFile: ShardsFile = {
    competitorChunks: plan.merge.competitorChunks,
    candidates: plan.merge.candidates,
  };
  await writeFile(join(dir, 'shards.json'), JSON.stringify(shardsFile));
  const shards = shardsOf(plan.merge);
  return {
    shards,
    sizes: Array.from({ length: shards }, (_, shard) => {
      const at = chunksOfShard(plan.merge, shard);
      return (
        (plan.reference[at.reference]?.products.length ?? 0) +
        (plan.competitor[at.competitor]?.products.length ?? 0)
      );
    }),
    ...cost(),
  };
}

/** Which chunks a shard reads, and how many candidates its lookups keep. */
interface ShardsFile {
  competitorChunks: number;
  candidates: number;
}

async function readChunks(dir: string, merge: Pick<MergePlan, 'competitorChunks'>, shard: number) {
  const at = chunksOfShard(merge, shard);
  const read = async (side: 'reference' | 'competitor', chunk: number) =>
    JSON.parse(await readFile(chunkFile(dir, side, chunk), 'utf8')) as CatalogChunk;
  return {
    reference: await read('reference', at.reference),
    competitor: await read('competitor', at.competitor),
  };
}

const readMergePlan = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'merge.json'), 'utf8')) as MergePlan;

/** Matches one shard from its chunks' files and writes its result. */
export async function shardWorker(
  dir: string,
  shard: number,
  cost: () => WorkerCost,
): Promise<ShardMeasurement> {
  const shards = JSON.parse(await readFile(join(dir, 'shards.json'), 'utf8')) as ShardsFile;
  const { reference, competitor } = await readChunks(dir, shards, shard);
  const result = matchShard(reference, competitor, shards.candidates);
  await writeFile(join(dir, `result-${shard}.json`), JSON.stringify(result));
  return { shard, products: reference.products.length + competitor.products.length, ...cost() };
}

/** Merges the shards' results, and compares them with the single run's matches where `singleMatches` is given. */
export async function mergeWorker(
  dir: string,
  size: number,
  singleMatches: string | undefined,
  cost: () => WorkerCost,
): Promise<MergeMeasurement> {
  const merge = await readMergePlan(dir);
  async function* results() {
    for (let shard = 0; shard < shardsOf(merge); shard++)
      yield JSON.parse(await readFile(join(dir, `result-${shard}.json`), 'utf8')) as ShardResult;
  }
  // As the lane writes them out, each reference chunk's matches are kept only as their signatures.
  const sharded = new Set<string>();
  await mergeShardsByChunk(
    merge,
    results(),
    (shard) => readChunks(dir, merge, shard),
    async (chunk) => JSON.parse(await readFile(keptFile(dir, chunk), 'utf8')) as ProductMatch[],
    { rule: matchingDefaults.acceptance, alternativesBelow: DEFAULT_AUTO_ACCEPT_CONFIDENCE },
    async (matches) => {
      for (const match of matches) sharded.add(signatureOf(match));
    },
  );
  // The merge's own peak, before this worker rebuilds the synthetic catalogues to check the matches.
  const mergePeakRssKb = process.resourceUsage().maxRSS;
  const key = keyOf(await syntheticPair(size));
  let diff: MergeMeasurement['diff'] = null;
  let single: MergeMeasurement['single'] = null;
  if (singleMatches) {
    const singleSet = new Set(JSON.parse(await readFile(singleMatches, 'utf8')) as string[]);
    diff = {
      onlySingle: [...singleSet].filter((match) => !sharded.has(match)).length,
      onlySharded: [...sharded].filter((match) => !singleSet.has(match)).length,
    };
    single = key(singleSet);
  }
  return { matches: sharded.size, diff, sharded: key(sharded), single, ...cost(), mergePeakRssKb };
}

/**
 * Checks matches against what the synthetic catalogues are: two products are the same where they
 * were built from one title (a title repeats when the size exceeds the titles, and its copies are
 * one product). Also counts the pairs whose products have different blocking keys, which a shard
 * by blocking key would never have held together.
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
    for (const signature of pairs) {
      const [referenceUrl, url] = JSON.parse(signature) as [string, string];
      const a = reference[at(referenceUrl)] as MatchableProduct;
      const b = competitor[at(url)] as MatchableProduct;
      if (titleOf(at(referenceUrl)) === titleOf(at(url))) sameTitle++;
      if (blockingKey(a) !== blockingKey(b)) acrossKeys++;
    }
    return { sameTitle, acrossKeys };
  };
}

/** The maker a blocking key would read: the brand, else the name's first word. */
const blockingKey = (product: MatchableProduct): string => {
  const features = describeProduct(product);
  return features.brand ?? features.firstWord ?? '';
};

/** A match as one string, to compare runs match by match: its pair, score, confidence and alternatives. */
export const signatureOf = (match: ProductMatch): string =>
  JSON.stringify([
    match.reference_url,
    match.url,
    match.score,
    match.confidence,
    (match.alternatives ?? []).map((alternative) => [alternative.url, alternative.confidence]),
  ]);
