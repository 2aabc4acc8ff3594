import { describeProduct, type MatchableProduct, type ProductFeatures } from './describe-product.ts';
import type { MatchingResult, MatchingState, ProductMatch } from './match-catalogs.ts';
import { type SurePairs, suspectFromSurePairs } from './uncoded-pairs-suspect.ts';
import { addTerms, type TermCounts } from './weigh-terms.ts';

/*
 * A website pair too large for one function is matched in shards. A shard holds the products of
 * both catalogs whose blocking key hashes to it, so a product meets the candidates that share its
 * maker; every shard weighs terms by their counts over the whole catalogs, so a pair scores in its
 * shard what it scores in one run; and the assignment, one to one and greedy by score, decides
 * within the groups of products that candidates join, which a shard holds whole. What a shard cannot
 * decide alone is whether uncoded pairs are suspect (a figure of all reference products), so it
 * assigns both ways and the merge takes the one the shards' sure pairs together call for.
 */

/**
 * The blocking key a shard is chosen by: the brand where the shop gives one, else the name's first
 * word, mostly the maker's name; equal GTINs of two makers' spellings are the pairs this loses.
 */
export function shardKey(product: ProductFeatures): string {
  return product.brand ?? product.firstWord ?? '';
}

/** The shard (0 .. shards - 1) of a blocking key: FNV-1a, stable across processes and runtimes. */
export function shardOfKey(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

/** A website pair cut into shards: each shard's products of both catalogs and its terms' counts. */
export interface ShardPlan<P extends MatchableProduct = MatchableProduct> {
  /** Per shard: the reference and competitor catalogs' products in it, in catalog order. */
  shards: { reference: P[]; competitor: P[]; termCounts: TermCounts }[];
  /** Reference products over all shards (each URL once). */
  referenceProducts: number;
}

/**
 * Cuts a reference and a competitor catalog into `shards` shards by blocking key. Every product is
 * read once, its terms counted over both whole catalogs; a shard gets the counts of the terms its
 * products carry, not the whole table. A repeated URL counts once (first wins), as in one run.
 */
export function planShards<P extends MatchableProduct>(
  reference: { website_id: string; products: readonly P[] },
  competitor: { website_id: string; products: readonly P[] },
  shards: number,
): ShardPlan<P> {
  const total: TermCounts = { total: 0, catalogs: 2, words: new Map(), codes: new Map() };
  const planned: ShardPlan<P>['shards'] = [];
  const terms: { words: Set<string>; codes: Set<string> }[] = [];
  for (let i = 0; i < shards; i++) {
    planned.push({
      reference: [],
      competitor: [],
      termCounts: { total: 0, catalogs: 2, words: new Map(), codes: new Map() },
    });
    terms.push({ words: new Set(), codes: new Set() });
  }
  let referenceProducts = 0;
  for (const [side, catalog] of [
    ['reference', reference],
    ['competitor', competitor],
  ] as const) {
    const seen = new Set<string>();
    for (const product of catalog.products) {
      if (seen.has(product.url)) continue;
      seen.add(product.url);
      if (side === 'reference') referenceProducts++;
      const features = describeProduct(product);
      addTerms(total, features);
      const shard = shardOfKey(shardKey(features), shards);
      (planned[shard] as ShardPlan<P>['shards'][number])[side].push(product);
      const shardTerms = terms[shard] as (typeof terms)[number];
      for (const word of features.words) shardTerms.words.add(word);
      for (const code of features.codes) shardTerms.codes.add(code);
    }
  }
  for (const [i, shard] of planned.entries()) {
    const { words, codes } = terms[i] as (typeof terms)[number];
    shard.termCounts.total = total.total;
    for (const word of words) shard.termCounts.words.set(word, total.words.get(word) as number);
    for (const code of codes) shard.termCounts.codes.set(code, total.codes.get(code) as number);
  }
  return { shards: planned, referenceProducts };
}

/** What one shard's run leaves for the merge (`matchCatalogs` with `options.shard`). */
export interface ShardOutcome {
  /** Previous matches of the shard's products kept unchanged. */
  kept: ProductMatch[];
  /** The shard's matches decided with uncoded pairs suspect, and without. */
  chosenIf: { suspect: ProductMatch[]; notSuspect: ProductMatch[] };
  surePairs: SurePairs;
}

/** A shard's result: a run's result over the shard's products, with both assignments. */
export type ShardResult = MatchingResult & { shard: ShardOutcome };

/**
 * Merges the shards' results of one website pair into the result one run would give: uncoded pairs
 * are suspect or not by the sure pairs of all shards, and each shard's matches decided that way are
 * taken; fingerprints, counters and product counts add up.
 */
export function mergeShards(
  results: readonly ShardResult[],
  referenceProducts: number,
  previous?: MatchingState,
): MatchingResult {
  const sure = { sure: 0, coded: 0 };
  for (const { shard } of results) {
    sure.sure += shard.surePairs.sure;
    sure.coded += shard.surePairs.coded;
  }
  const suspect = suspectFromSurePairs(sure, referenceProducts);
  const matches = results.flatMap(({ shard }) => [
    ...shard.kept,
    ...(suspect ? shard.chosenIf.suspect : shard.chosenIf.notSuspect),
  ]);
  const fingerprints: MatchingState['fingerprints'] = {};
  const websites = new Map<string, MatchingResult['websites'][number]>();
  const counters: MatchingResult['counters'] = {
    products_checked: 0,
    products_skipped_not_modified: 0,
    new_matches: 0,
    products_processed: 0,
    products_total: 0,
  };
  for (const result of results) {
    for (const [websiteId, prints] of Object.entries(result.fingerprints))
      fingerprints[websiteId] = { ...fingerprints[websiteId], ...prints };
    for (const website of result.websites) {
      const sum = websites.get(website.website_id) ?? { ...website, products: 0, modified: 0 };
      sum.products += website.products;
      sum.modified += website.modified;
      websites.set(website.website_id, sum);
    }
    counters.products_checked += result.counters.products_checked;
    counters.products_skipped_not_modified += result.counters.products_skipped_not_modified;
    counters.products_processed += result.counters.products_processed;
    counters.products_total += result.counters.products_total;
  }
  const before = new Set(
    (previous?.matches ?? []).map((match) => `${match.website_id}\n${match.reference_url}\n${match.url}`),
  );
  counters.new_matches = matches.filter(
    (match) => !before.has(`${match.website_id}\n${match.reference_url}\n${match.url}`),
  ).length;
  return {
    fingerprints,
    matches,
    ...(results[0]?.review ? { review: results[0].review } : {}),
    counters,
    websites: [...websites.values()],
  };
}

/** When a website pair is matched in shards, and how large they are. */
export interface ShardSizes {
  /** A pair of more products than this (both catalogs together) is matched in shards. */
  above: number;
  /** Products (both catalogs together) a shard holds on average. */
  perShard: number;
}

/**
 * Shards 20,000 × 20,000 products on average, a size one run matches in under 10 s of one core and
 * about 450 MB, from pairs of more than 60,000 products: 100k × 100k in one run takes about 1.2 GB.
 */
export const DEFAULT_SHARD_SIZES: ShardSizes = { above: 60_000, perShard: 40_000 };

/** How many shards a website pair is matched in: 1 up to `sizes.above` products. */
export function shardCount(
  referenceProducts: number,
  competitorProducts: number,
  sizes: ShardSizes = DEFAULT_SHARD_SIZES,
): number {
  const products = referenceProducts + competitorProducts;
  return products > sizes.above ? Math.ceil(products / sizes.perShard) : 1;
}

/** `TermCounts` as JSON can hold them, for a shard's input written to a file or a bucket. */
export interface StoredTermCounts {
  total: number;
  catalogs: number;
  words: [string, number][];
  codes: [string, number][];
}

export const storeTermCounts = (counts: TermCounts): StoredTermCounts => ({
  total: counts.total,
  catalogs: counts.catalogs,
  words: [...counts.words],
  codes: [...counts.codes],
});

export const readTermCounts = (stored: StoredTermCounts): TermCounts => ({
  total: stored.total,
  catalogs: stored.catalogs,
  words: new Map(stored.words),
  codes: new Map(stored.codes),
});
