import type { BoostedTrees } from './boosted-trees.ts';
import type { MatchCalibration } from './calibrate-confidence.ts';
import type { AcceptanceRule, ScoredPair } from './choose-matches.ts';
import { priceRatio } from './compare-prices.ts';
import { describeProduct, type MatchableProduct, type ProductFeatures } from './describe-product.ts';
import {
  type LookupScope,
  lookupKeys,
  type RankedCandidates,
  rankCandidates,
  sameGtinCandidates,
} from './find-candidates.ts';
import { addPostingLengths, indexCatalog, type PostingLengths } from './index-catalog.ts';
import type {
  MatchingCounters,
  MatchingResult,
  MatchingState,
  MatchReview,
  ProductMatch,
} from './match-catalogs.ts';
import {
  assignPairs,
  type JudgePairs,
  judgeInFull,
  type KeptBest,
  keptBestOf,
  type PairJudgement,
  type PairRunPlan,
  planPairRun,
  scorePair,
} from './match-website-pair.ts';
import { productFingerprint } from './product-fingerprint.ts';
import { ScoredPairs } from './scored-pairs.ts';
import { QueryCandidates, type ShardCandidate } from './shard-candidates.ts';
import { addTerms, type TermCounts, weighCounts } from './weigh-terms.ts';

/*
 * A website pair too large for one function is matched in shards that give one run's matches by
 * construction. One run looks every product up in the whole other catalog (its `limit` best
 * candidates by the shared part of the cosine), scores the pairs found and assigns them one to
 * one, greedy by score, each pair measured against its products' runner-ups. A shard cannot hold a
 * whole catalog, so the work is cut the other way:
 * - each catalog is cut into chunks of consecutive products; a shard is a reference chunk and a
 *   competitor chunk, so every pair of products is in exactly one shard;
 * - a shard looks its reference chunk's products up in its competitor chunk and the other way,
 *   ranking by weights and posting lengths counted over the whole catalogs (the plan counts them),
 *   so a lookup decides which lists to scan as the whole catalog's lookup does, and a product ranks
 *   alike in every shard; it keeps each query's top `limit` there and scores those pairs;
 * - the merge takes each query's top `limit` over its shards (the whole catalog's top `limit`),
 *   which gives exactly the pairs one run scores, and runs one run's assignment (`assignPairs`) on
 *   them; only the pairs it chooses are judged in full, from their shard's products.
 * A shard holds two chunks (by default 20,000 products each), whatever the catalogs' size.
 */

/** When a website pair is matched in shards, and how large they are. */
export interface ShardSizes {
  /** A pair of more products than this (both catalogs together) is matched in shards. */
  above: number;
  /** Products (both catalogs together) a shard holds at most: half of them of each catalog. */
  perShard: number;
}

/**
 * Shards of at most 20,000 × 20,000 products, a size one run matches in under 10 s of one core and
 * about 450 MB, from pairs of more than 60,000 products: 100k × 100k in one run takes about 1.2 GB.
 */
export const DEFAULT_SHARD_SIZES: ShardSizes = { above: 60_000, perShard: 40_000 };

/** Whether a website pair is matched in shards: above `sizes.above` products. */
export const isSharded = (
  referenceProducts: number,
  competitorProducts: number,
  sizes: ShardSizes = DEFAULT_SHARD_SIZES,
): boolean => referenceProducts + competitorProducts > sizes.above;

/** Products of a catalog per chunk. */
export const chunkSize = (sizes: ShardSizes): number => Math.max(1, Math.floor(sizes.perShard / 2));

/** Consecutive products of one catalog, and what its lookups need to know of the whole pair. */
export interface CatalogChunk<P extends MatchableProduct = MatchableProduct> {
  /** The position of the chunk's first product in its (URL-deduplicated) catalog. */
  offset: number;
  products: P[];
  /** Catalog positions of the chunk's products looked up in the other catalog. */
  queries: number[];
  /** Counts over both whole catalogs of the terms the chunk's products carry. */
  termCounts: StoredTermCounts;
  /** The other whole catalog's posting lengths of the lists the chunk's lookups read. */
  otherLengths: StoredLengths;
}

/** What the merge of a website pair's shards needs besides the shards' results. */
export interface MergePlan {
  reference_website_id: string;
  competitor_website_id: string;
  /**
   * The previous state's matches that stand (`ShardPlan.kept`, a reference chunk's apart), as one
   * run decides them: their reference products by position, and what the assignment reads of them.
   */
  keptAt: number[];
  keptBest: KeptBest[];
  taken: { reference: number[]; competitor: number[] };
  /** Rejected pairs, as `reference * competitorProducts + competitor`. */
  rejected: number[];
  referenceChunks: number;
  competitorChunks: number;
  chunkSize: number;
  referenceProducts: number;
  competitorProducts: number;
  /** How many candidates each lookup keeps (`MatchingOptions.candidates`). */
  candidates: number;
  fingerprints: MatchingState['fingerprints'];
  websites: MatchingResult['websites'];
  review: MatchReview;
  /** Reference products looked up again: the rest are decisions kept (`products_skipped_not_modified`). */
  checked: number;
  /**
   * The previous state's matches whose two products are in the catalogs, as `reference *
   * competitorProducts + competitor`, ascending: a chosen match not among them is new. The merge
   * reads these, not the previous state, whose matches with their evidence are most of its size.
   */
  previousPairs: number[];
  /** Reference products (positions, the order of `fingerprints`' keys) whose fingerprint differs from the previous state's. */
  modifiedReference: number[];
}

/** A website pair cut for matching in shards: shard s is reference chunk ⌊s / competitor chunks⌋ × competitor chunk s mod competitor chunks. */
export interface ShardPlan<P extends MatchableProduct = MatchableProduct> {
  reference: CatalogChunk<P>[];
  competitor: CatalogChunk<P>[];
  merge: MergePlan;
  /**
   * The kept matches per reference chunk (empty where none): apart from the merge's plan, as on a
   * next run with few changes they are most of the previous state, read by the merge a chunk at a time.
   */
  kept: ProductMatch[][];
}

/** The number of shards of a plan. */
export const shardsOf = (merge: Pick<MergePlan, 'referenceChunks' | 'competitorChunks'>): number =>
  merge.referenceChunks * merge.competitorChunks;

/** The chunks of shard `shard`. */
export const chunksOfShard = (
  merge: Pick<MergePlan, 'competitorChunks'>,
  shard: number,
): { reference: number; competitor: number } => ({
  reference: Math.floor(shard / merge.competitorChunks),
  competitor: shard % merge.competitorChunks,
});

export interface ShardSettings {
  previous?: MatchingState;
  review?: MatchReview;
  candidates: number;
}

/**
 * Cuts a website pair into chunks, reading every product once: its terms and posting lists are
 * counted over both whole catalogs, its fingerprint decides (with the previous state and the
 * review, as one run decides it) whether it is looked up again. A repeated URL counts once (first
 * wins), as in one run.
 */
export function planShards<P extends MatchableProduct>(
  reference: { website_id: string; products: readonly P[] },
  competitor: { website_id: string; products: readonly P[] },
  sizes: ShardSizes,
  settings: ShardSettings,
): ShardPlan<P> {
  const size = chunkSize(sizes);
  const previous = settings.previous ?? { fingerprints: {}, matches: [] };
  const review = settings.review ?? { rejected: [], kept: [] };
  const honoured: MatchReview = {
    rejected: review.rejected.filter((pair) => pair.website_id === competitor.website_id),
    kept: review.kept.filter((pair) => pair.website_id === competitor.website_id),
  };
  const total: TermCounts = { total: 0, catalogs: 2, words: new Map(), codes: new Map() };
  const read = (catalog: { website_id: string; products: readonly P[] }) => {
    const before = previous.fingerprints[catalog.website_id] ?? {};
    const fingerprints: Record<string, string> = {};
    const lengths: PostingLengths = { products: 0, words: new Map(), codes: new Map(), codeEnds: new Map() };
    const keys: string[] = [];
    const modified = new Set<number>();
    const chunks: { products: P[]; terms: Set<string>; codes: Set<string>; lookups: Set<string> }[] = [];
    for (const product of catalog.products) {
      if (Object.hasOwn(fingerprints, product.url)) continue;
      const fingerprint = productFingerprint(product);
      fingerprints[product.url] = fingerprint;
      if (before[product.url] !== fingerprint) modified.add(keys.length);
      const features = describeProduct(product);
      addTerms(total, features);
      addPostingLengths(lengths, features);
      if (keys.length % size === 0)
        chunks.push({ products: [], terms: new Set(), codes: new Set(), lookups: new Set() });
      const chunk = chunks[chunks.length - 1] as (typeof chunks)[number];
      chunk.products.push(product);
      for (const word of features.words) chunk.terms.add(word);
      for (const code of features.codes) chunk.codes.add(code);
      lookupKeys(features, (kind, term) => chunk.lookups.add(`${kind}\n${term}`));
      keys.push(product.url);
    }
    return { website_id: catalog.website_id, fingerprints, lengths, keys, modified, chunks };
  };
  const refs = read(reference);
  const comps = read(competitor);
  const run = planPairRun(refs, comps, previous.matches, {
    review: honoured,
    previousReview: previous.review ?? { rejected: [], kept: [] },
  });
  const chunksOf = (side: typeof refs, other: typeof refs, queries: ReadonlySet<number>): CatalogChunk<P>[] =>
    side.chunks.map((chunk, i) => {
      const offset = i * size;
      const otherLengths: StoredLengths = {
        products: other.lengths.products,
        words: [],
        codes: [],
        codeEnds: [],
      };
      for (const lookup of chunk.lookups) {
        const [kind, term] = lookup.split('\n') as ['words' | 'codes' | 'codeEnds', string];
        const length = other.lengths[kind].get(term);
        if (length !== undefined) otherLengths[kind].push([term, length]);
      }
      return {
        offset,
        products: chunk.products,
        queries: [...queries]
          .filter((at) => at >= offset && at < offset + chunk.products.length)
          .sort((a, b) => a - b),
        termCounts: {
          total: total.total,
          catalogs: total.catalogs,
          words: [...chunk.terms].map((word) => [word, total.words.get(word) as number]),
          codes: [...chunk.codes].map((code) => [code, total.codes.get(code) as number]),
        },
        otherLengths,
      };
    });
  const refAt = new Map(refs.keys.map((url, i) => [url, i]));
  const compAt = new Map(comps.keys.map((url, i) => [url, i]));
  const previousPairs = previous.matches.flatMap((match) => {
    const r = refAt.get(match.reference_url);
    const c = compAt.get(match.url);
    return r === undefined || c === undefined ? [] : [r * comps.keys.length + c];
  });
  const websites = [refs, comps].map((side) => ({
    website_id: side.website_id,
    products: side.keys.length,
    modified: side.modified.size,
  }));
  const kept = refs.chunks.map((): ProductMatch[] => []);
  for (const [i, match] of run.kept.entries())
    kept[Math.floor((run.keptAt[i] as number) / size)]?.push(match);
  return {
    kept,
    reference: chunksOf(refs, comps, run.refQueries),
    competitor: chunksOf(comps, refs, run.compQueries),
    merge: {
      reference_website_id: reference.website_id,
      competitor_website_id: competitor.website_id,
      keptAt: run.keptAt,
      keptBest: keptBestOf(run.kept),
      taken: { reference: [...run.taken.reference], competitor: [...run.taken.competitor] },
      rejected: [...run.rejected],
      referenceChunks: refs.chunks.length,
      competitorChunks: comps.chunks.length,
      chunkSize: size,
      referenceProducts: refs.keys.length,
      competitorProducts: comps.keys.length,
      candidates: settings.candidates,
      fingerprints: {
        [reference.website_id]: refs.fingerprints,
        [competitor.website_id]: comps.fingerprints,
      },
      websites,
      review: honoured,
      checked: run.refQueries.size,
      previousPairs: previousPairs.sort((a, b) => a - b),
      modifiedReference: [...refs.modified].sort((a, b) => a - b),
    },
  };
}

export type { ShardCandidate };

/** A query's lookup in one shard. */
export interface ShardLookup {
  /** The query's catalog position. */
  query: number;
  /** Products of the shard found in the query's rare lists: the merge adds them up over the shards. */
  found: number;
  /** The shard's top candidates, the rarest long list left unscanned... */
  top: ShardCandidate[];
  /** ...and scanned: only where fewer than `candidates` were found in the shard (else the sum cannot be). */
  topIfLong?: ShardCandidate[];
  /** Products with one of the query's GTINs. */
  sameGtin: ShardCandidate[];
}

/** What one shard leaves for the merge: its lookups both ways. */
export interface ShardResult {
  reference: ShardLookup[];
  competitor: ShardLookup[];
}

/**
 * Matches one shard: looks each query of either chunk up in the other chunk, ranking as the whole
 * catalogs' lookup does, and scores its candidates.
 */
export function matchShard(
  reference: CatalogChunk,
  competitor: CatalogChunk,
  candidates: number,
  pairScorer?: BoostedTrees,
): ShardResult {
  const refs = reference.products.map(describeProduct);
  const comps = competitor.products.map(describeProduct);
  const weights = weighCounts(readShardTermCounts(reference.termCounts, competitor.termCounts));
  const refIndex = indexCatalog(refs);
  const compIndex = indexCatalog(comps);
  const lookUp = (
    query: ProductFeatures,
    at: number,
    index: ReturnType<typeof indexCatalog>,
    other: CatalogChunk,
    scope: LookupScope,
    score: (local: number) => [number, 0 | 1, number],
  ): ShardLookup => {
    const ranked = (scanFirstLong: boolean): RankedCandidates =>
      rankCandidates(query, index, weights, candidates, scope, () => scanFirstLong);
    const withScores = (found: readonly { product: number; rank: number }[]): ShardCandidate[] =>
      found.map(({ product, rank }) => [other.offset + product, rank, ...score(product)]);
    const first = ranked(false);
    return {
      query: at,
      found: first.found,
      top: withScores(first.top),
      ...(first.longLists && first.found < candidates ? { topIfLong: withScores(ranked(true).top) } : {}),
      sameGtin: withScores(sameGtinCandidates(query, index).map((product) => ({ product, rank: 0 }))),
    };
  };
  // A pair may be a candidate both ways: scored once.
  const scores = new Map<number, [number, 0 | 1, number]>();
  const scored = (r: number, c: number): [number, 0 | 1, number] => {
    const key = r * comps.length + c;
    let known = scores.get(key);
    if (!known) {
      const pair = scorePair(refs, comps, r, c, weights, pairScorer);
      known = pair ? [pair.score, pair.coded ? 1 : 0, pair.learned ?? -1] : [0, 0, -1];
      scores.set(key, known);
    }
    return known;
  };
  const compScope = scopeOf(reference.otherLengths);
  const refScope = scopeOf(competitor.otherLengths);
  return {
    reference: reference.queries.map((at) =>
      lookUp(refs[at - reference.offset] as ProductFeatures, at, compIndex, competitor, compScope, (c) =>
        scored(at - reference.offset, c),
      ),
    ),
    competitor: competitor.queries.map((at) =>
      lookUp(comps[at - competitor.offset] as ProductFeatures, at, refIndex, reference, refScope, (r) =>
        scored(r, at - competitor.offset),
      ),
    ),
  };
}

/** The settings of one run the merge assigns with. */
export interface MergeSettings {
  rule: AcceptanceRule;
  calibration?: MatchCalibration;
  alternativesBelow: number;
  pairScorer?: BoostedTrees;
}

/**
 * Merges a website pair's shards into one run's result: each query's candidates are the best
 * `candidates` of its shards' tops (by rank, ties by position, as one lookup orders them), its
 * rarest long list scanned where its rare lists found fewer over all shards; their pairs are
 * assigned as one run assigns them (`assignPairs`), and the chosen pairs judged in full from their
 * shard's chunks, read again one shard at a time. `results` gives the shards' results one at a time.
 */
export async function mergeShards(
  plan: MergePlan,
  results: AsyncIterable<ShardResult> | Iterable<ShardResult>,
  readChunks: (shard: number) => Promise<{ reference: CatalogChunk; competitor: CatalogChunk }>,
  readKept: (referenceChunk: number) => Promise<ProductMatch[]>,
  settings: MergeSettings,
): Promise<MatchingResult> {
  const matches: ProductMatch[] = [];
  const merged = await mergeShardsByChunk(plan, results, readChunks, readKept, settings, async (chunk) => {
    for (const match of chunk) matches.push(match);
  });
  return { ...merged, matches };
}

/**
 * `mergeShards` handing its matches to `emit` instead of returning them: first the kept matches of
 * each reference chunk holding some (`readKept`, `ShardPlan.kept`), then the chosen ones of each
 * reference chunk in turn, so the merge holds one chunk's matches with their evidence and
 * alternatives, which are most of a large run's result. The one-to-one assignment still runs once
 * over the whole pair's scored pairs, held in typed arrays (about 25 bytes a pair).
 */
export async function mergeShardsByChunk(
  plan: MergePlan,
  results: AsyncIterable<ShardResult> | Iterable<ShardResult>,
  readChunks: (shard: number) => Promise<{ reference: CatalogChunk; competitor: CatalogChunk }>,
  readKept: (referenceChunk: number) => Promise<ProductMatch[]>,
  settings: MergeSettings,
  emit: (matches: ProductMatch[]) => Promise<void>,
): Promise<Omit<MatchingResult, 'matches'>> {
  const pairs = await scoredPairs(plan, results);
  const run: PairRunPlan = {
    kept: [],
    keptAt: plan.keptAt,
    keptBest: plan.keptBest,
    refQueries: new Set(),
    compQueries: new Set(),
    rejected: new Set(plan.rejected),
    taken: { reference: new Set(plan.taken.reference), competitor: new Set(plan.taken.competitor) },
    referenceProducts: plan.referenceProducts,
    competitorProducts: plan.competitorProducts,
  };
  const before = Float64Array.from(plan.previousPairs);
  let newMatches = 0;
  const keptChunks = new Set(plan.keptAt.map((at) => Math.floor(at / plan.chunkSize)));
  for (const chunk of [...keptChunks].sort((a, b) => a - b)) await emit(await readKept(chunk));
  await assignPairs(
    pairs,
    run,
    plan.competitor_website_id,
    settings,
    judgeByShard(plan, settings.pairScorer, readChunks),
    {
      groupOf: (reference) => Math.floor(reference / plan.chunkSize),
      chosen: async (chosen, pairs) => {
        for (const pair of pairs)
          if (!sortedHas(before, pair.reference * plan.competitorProducts + pair.competitor)) newMatches++;
        await emit(chosen);
      },
    },
  );
  const counters: MatchingCounters = {
    products_checked: plan.checked,
    products_skipped_not_modified: plan.referenceProducts - plan.checked,
    new_matches: newMatches,
    products_processed: plan.referenceProducts,
    products_total: plan.referenceProducts,
  };
  return { fingerprints: plan.fingerprints, review: plan.review, counters, websites: plan.websites };
}

/**
 * The pairs of the whole catalogs' lookups both ways, gathered from the shards' results one at a
 * time, each pair once, with a score and not rejected: the pairs one run scores, in typed arrays.
 * They are placed grouped by reference product (a counting sort, into a table of exactly their
 * number), and a pair found both ways, its group's second sighting of the competitor product, is
 * dropped in place: the merge never holds the pairs twice.
 */
async function scoredPairs(
  plan: MergePlan,
  results: AsyncIterable<ShardResult> | Iterable<ShardResult>,
): Promise<ScoredPairs> {
  const refQueries = new QueryCandidates(plan.referenceProducts, plan.candidates);
  const compQueries = new QueryCandidates(plan.competitorProducts, plan.candidates);
  for await (const result of results) {
    for (const lookup of result.reference) refQueries.add(lookup);
    for (const lookup of result.competitor) compQueries.add(lookup);
  }
  const rejected = new Set(plan.rejected);
  const each = (
    use: (reference: number, competitor: number, score: number, coded: number, learned: number) => void,
  ): void => {
    const found = (reference: number, competitor: number, score: number, coded: number, learned: number) => {
      if (score > 0 && !rejected.has(reference * plan.competitorProducts + competitor))
        use(reference, competitor, score, coded, learned);
    };
    refQueries.each(found);
    compQueries.each((competitor, reference, score, coded, learned) =>
      found(reference, competitor, score, coded, learned),
    );
  };
  const starts = new Int32Array(plan.referenceProducts + 1);
  each((reference) => {
    starts[reference + 1] = (starts[reference + 1] as number) + 1;
  });
  for (let r = 0; r < plan.referenceProducts; r++)
    starts[r + 1] = (starts[r + 1] as number) + (starts[r] as number);
  const next = starts.slice(0, plan.referenceProducts);
  const pairs = new ScoredPairs(starts[plan.referenceProducts]);
  each((reference, competitor, score, coded, learned) => {
    const at = next[reference] as number;
    pairs.set(at, reference, competitor, score, coded, learned);
    next[reference] = at + 1;
  });
  const lastGroup = new Int32Array(plan.competitorProducts).fill(-1);
  let kept = 0;
  for (let r = 0; r < plan.referenceProducts; r++)
    for (let at = starts[r] as number; at < (starts[r + 1] as number); at++) {
      const competitor = pairs.competitor(at);
      if (lastGroup[competitor] === r) continue;
      lastGroup[competitor] = r;
      pairs.move(at, kept++);
    }
  pairs.length = kept;
  return pairs;
}

/**
 * Judges pairs in full and reads the price ratios of the priced ones (`JudgePairs`), grouped by the
 * shard holding both products, each shard's chunks read once and its products described only for
 * its pairs: the merge never holds more than one shard's products.
 */
function judgeByShard(
  plan: MergePlan,
  pairScorer: BoostedTrees | undefined,
  readChunks: (shard: number) => Promise<{ reference: CatalogChunk; competitor: CatalogChunk }>,
): JudgePairs {
  return async (pairs, priced = []) => {
    const judged = new Map<number, PairJudgement>();
    const priceRatios = new Map<number, number | null>();
    const byShard = new Map<number, { judge: ScoredPair[]; price: ScoredPair[] }>();
    const list = (pair: ScoredPair) => {
      const shard =
        Math.floor(pair.reference / plan.chunkSize) * plan.competitorChunks +
        Math.floor(pair.competitor / plan.chunkSize);
      let listed = byShard.get(shard);
      if (!listed) {
        listed = { judge: [], price: [] };
        byShard.set(shard, listed);
      }
      return listed;
    };
    for (const pair of pairs) list(pair).judge.push(pair);
    for (const pair of priced) list(pair).price.push(pair);
    const keyOf = (pair: ScoredPair) => pair.reference * plan.competitorProducts + pair.competitor;
    for (const [shard, shardPairs] of byShard) {
      const { reference, competitor } = await readChunks(shard);
      const refs = new Map<number, ProductFeatures>();
      const comps = new Map<number, ProductFeatures>();
      const features = (
        cache: Map<number, ProductFeatures>,
        chunk: CatalogChunk,
        at: number,
      ): ProductFeatures => {
        let found = cache.get(at);
        if (!found) {
          found = describeProduct(chunk.products[at - chunk.offset] as MatchableProduct);
          cache.set(at, found);
        }
        return found;
      };
      if (shardPairs.judge.length > 0) {
        const weights = weighCounts(readShardTermCounts(reference.termCounts, competitor.termCounts));
        for (const pair of shardPairs.judge) {
          const a = features(refs, reference, pair.reference);
          const b = features(comps, competitor, pair.competitor);
          judged.set(keyOf(pair), judgeInFull(a, b, pair, weights, pairScorer));
        }
      }
      for (const pair of shardPairs.price)
        priceRatios.set(
          keyOf(pair),
          priceRatio(features(refs, reference, pair.reference), features(comps, competitor, pair.competitor)),
        );
    }
    return { judged, priceRatios };
  };
}

/** Whether the ascending `values` hold `value`: a binary search. */
function sortedHas(values: Float64Array, value: number): boolean {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return values[low] === value;
}

/** A chunk's lookups' scope: the other whole catalog's size and posting lengths. */
function scopeOf(stored: StoredLengths): LookupScope {
  const lengths = {
    words: new Map(stored.words),
    codes: new Map(stored.codes),
    codeEnds: new Map(stored.codeEnds),
  };
  return { products: stored.products, length: (kind, term) => lengths[kind].get(term) ?? 0 };
}

/** `TermCounts` as JSON can hold them, for a chunk written to a file or a bucket. */
export interface StoredTermCounts {
  total: number;
  catalogs: number;
  words: [string, number][];
  codes: [string, number][];
}

/** `PostingLengths` as JSON can hold them. */
export interface StoredLengths {
  products: number;
  words: [string, number][];
  codes: [string, number][];
  codeEnds: [string, number][];
}

/** The term counts of a shard: its two chunks' terms, counted over the whole catalogs. */
function readShardTermCounts(a: StoredTermCounts, b: StoredTermCounts): TermCounts {
  return {
    total: a.total,
    catalogs: a.catalogs,
    words: new Map([...a.words, ...b.words]),
    codes: new Map([...a.codes, ...b.codes]),
  };
}
