import type { ProductFeatures } from './describe-product.ts';
import type { CatalogIndex } from './index-catalog.ts';
import { minContainedCode } from './min-contained-code.ts';
import type { TermWeights } from './weigh-terms.ts';

/**
 * Blocking: the products of an indexed catalog worth scoring against `query`, best first, at most
 * `limit` of them, plus every product with the same GTIN (`rankCandidates` over the whole index).
 */
export function findCandidates(
  query: ProductFeatures,
  index: CatalogIndex,
  weights: TermWeights,
  limit: number,
): number[] {
  const { top } = rankCandidates(query, index, weights, limit, undefined, (found) => found < limit);
  const products = top.map((candidate) => candidate.product);
  const sameGtin = sameGtinCandidates(query, index);
  return sameGtin.length === 0 ? products : [...new Set([...sameGtin, ...products])];
}

/**
 * The catalog a lookup ranks in, where the index holds a part of it: its size and how long each of
 * its posting lists is. A shard's lookups decide by the whole catalog's lengths which lists to
 * scan, so each part ranks the products the whole catalog's lookup would consider; without a scope
 * the index is the whole catalog.
 */
export interface LookupScope {
  products: number;
  length(kind: 'words' | 'codes' | 'codeEnds', term: string): number;
}

/** A candidate and its rank: the shared part of the cosine, ties by position. */
export interface RankedCandidate {
  product: number;
  rank: number;
}

export interface RankedCandidates {
  /** Products of the index found in the scope's rare lists (those of at most √n and `limit` products). */
  found: number;
  /** Whether the query has a list longer than that, which `scanFirstLong` was asked about. */
  longLists: boolean;
  top: RankedCandidate[];
}

/**
 * The `limit` products of the index of the best rank for `query`, best first. Candidates are ranked
 * by the shared part of the cosine, accumulated from the posting lists of the query's terms, rarest
 * (by the scope's lengths) first. Lists of at most √n (and `limit`) products are scanned; the rarest longer one
 * is scanned too where `scanFirstLong` says so for the products found so far (where they are fewer
 * than `limit`). After that a common term is not scanned (a word that much of the catalog carries,
 * scanned for every query, made 100k x 100k runs several times slower) but looked up for the found
 * products that could still reach the top `limit`, so the cost per query grows with √n and the top
 * `limit` of the products in the scanned lists is exact. Which lists are scanned depends only on
 * the scope, so the top `limit` of a whole catalog is the best of its parts' top `limit`s.
 */
export function rankCandidates(
  query: ProductFeatures,
  index: CatalogIndex,
  weights: TermWeights,
  limit: number,
  scope: LookupScope | undefined,
  scanFirstLong: (found: number) => boolean,
): RankedCandidates {
  const scratch = scratchFor(index, weights);
  const { sums, norms, found, kept } = scratch;
  // At least `limit`, so one long list scanned finds enough: whether it is scanned is one question.
  const products = scope?.products ?? index.products.length;
  // At least `limit`, so one long list scanned finds enough: whether it is scanned is one question.
  const common = Math.max(Math.sqrt(products), limit);
  const lists: { postings: readonly number[]; length: number; weight: number }[] = [];
  const add = (kind: 'words' | 'codes' | 'codeEnds', term: string, weight: number): void => {
    const postings = index[kind].get(term);
    // Over the whole catalog a list's length is its own: one map read per list on the hot path.
    const length = scope ? scope.length(kind, term) : (postings?.length ?? 0);
    if (length > 0) lists.push({ postings: postings ?? noPostings, length, weight });
  };
  const wordWeights = weights.wordWeights(query);
  for (let i = 0; i < query.words.length; i++)
    add('words', query.words[i] as string, (wordWeights[i] as number) ** 2);
  for (const code of query.codes) {
    const weight = weights.code(code) ** 2;
    add('codes', code, weight);
    add('codeEnds', code, weight);
    for (let length = minContainedCode; length < code.length; length++) {
      add('codes', code.slice(0, length), weight);
      add('codes', code.slice(-length), weight);
    }
  }
  lists.sort((a, b) => a.length - b.length);
  // Products found so far (the first `foundCount` of `found`); their shared weight accumulates in
  // `sums`, reset before returning.
  let foundCount = 0;
  const scan = (list: (typeof lists)[number]): void => {
    for (const product of list.postings) {
      if (sums[product] === 0) found[foundCount++] = product;
      (sums[product] as number) += list.weight;
    }
  };
  let firstLong = 0;
  while (firstLong < lists.length && (lists[firstLong] as (typeof lists)[number]).length <= common)
    scan(lists[firstLong++] as (typeof lists)[number]);
  const rareFound = foundCount;
  const longLists = firstLong < lists.length;
  if (longLists && scanFirstLong(rareFound)) scan(lists[firstLong++] as (typeof lists)[number]);
  // The common terms left can lift a product by at most their total weight; only products that
  // could then reach the current `limit`-th rank are looked up in their lists. Heaviest
  // list first, and the bar raised after each, so the bound tightens as fast as it can.
  const rest = lists.slice(firstLong).sort((a, b) => b.weight - a.weight);
  let remaining = rest.reduce((total, list) => total + list.weight, 0);
  let candidates = found;
  let count = foundCount;
  for (const list of rest) {
    const bar = rankAt(topProducts(candidates, count, sums, norms, limit), sums, norms, limit);
    // Kept in `kept`, in place after the first list: a product is written no later than it is read.
    let keptCount = 0;
    for (let i = 0; i < count; i++) {
      const product = candidates[i] as number;
      if (((sums[product] as number) + remaining) / (norms[product] as number) >= bar)
        kept[keptCount++] = product;
    }
    candidates = kept;
    count = keptCount;
    if (list.postings.length > 0) {
      const members = membersOf(list.postings, scratch);
      for (let i = 0; i < count; i++) {
        const product = candidates[i] as number;
        if (((members[product >>> 5] as number) & (1 << (product & 31))) !== 0)
          (sums[product] as number) += list.weight;
      }
    }
    remaining -= list.weight;
  }
  const top = topProducts(candidates, count, sums, norms, limit).map((product) => ({
    product,
    rank: (sums[product] as number) / (norms[product] as number),
  }));
  for (let i = 0; i < foundCount; i++) sums[found[i] as number] = 0;
  return { found: rareFound, longLists, top };
}

/** The products of the index with one of the query's GTINs (field or text). */
export function sameGtinCandidates(query: ProductFeatures, index: CatalogIndex): number[] {
  if (query.gtin === null && query.textGtins.length === 0) return [];
  return [query.gtin, ...query.textGtins].flatMap((gtin) => (gtin ? (index.gtins.get(gtin) ?? []) : []));
}

const noPostings: readonly number[] = [];

/** Per index: the products' vector lengths under the run's weights, and a zeroed sum per product. */
interface Scratch {
  weights: TermWeights;
  norms: Float64Array;
  sums: Float64Array;
  /** Room for a lookup's found products and for those still in the running: allocated once, not per lookup. */
  found: Int32Array;
  kept: Int32Array;
  /** Common terms' posting lists as bit sets, built when first looked up in (`membersOf`). */
  members: Map<readonly number[], Uint32Array>;
}

const scratches = new WeakMap<CatalogIndex, Scratch>();

/** Lengths computed once per index and weights, sums allocated once: a lookup allocates no per-product object. */
function scratchFor(index: CatalogIndex, weights: TermWeights): Scratch {
  let scratch = scratches.get(index);
  if (!scratch || scratch.weights !== weights) {
    const size = index.products.length;
    const norms = new Float64Array(size);
    for (let i = 0; i < size; i++) norms[i] = Math.sqrt(weights.norm(index.products[i] as ProductFeatures));
    scratch = {
      weights,
      norms,
      sums: new Float64Array(size),
      found: new Int32Array(size),
      kept: new Int32Array(size),
      members: new Map(),
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/**
 * The `limit` products of the best rank (shared weight over length) among the first `count` of
 * `products`, best first, ties by position.
 */
function topProducts(
  products: Int32Array,
  count: number,
  sums: Float64Array,
  norms: Float64Array,
  limit: number,
): number[] {
  const top: number[] = [];
  const ranks: number[] = [];
  for (let i = 0; i < count; i++) {
    const product = products[i] as number;
    const rank = (sums[product] as number) / (norms[product] as number);
    let at = top.length;
    while (at > 0 && before(rank, product, ranks[at - 1] as number, top[at - 1] as number)) at--;
    if (at >= limit) continue;
    // Shifted by hand, the last falling off when full: this runs for every found product of every lookup.
    let end = top.length < limit ? top.length : limit - 1;
    for (; end > at; end--) {
      top[end] = top[end - 1] as number;
      ranks[end] = ranks[end - 1] as number;
    }
    top[at] = product;
    ranks[at] = rank;
  }
  return top;
}

/** The rank of the last of the top `limit` products, 0 when there are fewer. */
function rankAt(top: readonly number[], sums: Float64Array, norms: Float64Array, limit: number): number {
  const last = top[limit - 1];
  return last === undefined ? 0 : (sums[last] as number) / (norms[last] as number);
}

function before(rank: number, product: number, otherRank: number, other: number): boolean {
  return rank > otherRank || (rank === otherRank && product < other);
}

/**
 * A common term's posting list as one bit per product of the catalog. The found products are
 * looked up in the same few common lists by every query: a bit read instead of a binary search
 * through a list of thousands.
 */
function membersOf(postings: readonly number[], scratch: Scratch): Uint32Array {
  let members = scratch.members.get(postings);
  if (!members) {
    members = new Uint32Array(Math.ceil(scratch.sums.length / 32));
    for (const product of postings) (members[product >>> 5] as number) |= 1 << (product & 31);
    scratch.members.set(postings, members);
  }
  return members;
}

/** Every posting list a lookup of the product reads, by kind and term. */
export function lookupKeys(
  product: ProductFeatures,
  visit: (kind: 'words' | 'codes' | 'codeEnds', term: string) => void,
): void {
  for (const word of product.words) visit('words', word);
  // Products whose codes equal the code, end with it, or are one of its ends (as `rankCandidates` reads them).
  for (const code of product.codes) {
    visit('codes', code);
    visit('codeEnds', code);
    for (let length = minContainedCode; length < code.length; length++) {
      visit('codes', code.slice(0, length));
      visit('codes', code.slice(-length));
    }
  }
}
