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
  const products = scope?.products ?? index.products.length;
  // At least `limit`, so one long list scanned finds enough: whether it is scanned is one question.
  const common = Math.max(Math.sqrt(products), limit);
  const lists = collectLists(query, index, weights, scope, scratch.lists);
  const { postings, lengths, listWeights } = lists;
  const order = sortedLists(lists);
  // Products found so far (the first `foundCount` of `found`); their shared weight accumulates in
  // `sums`, reset before returning.
  let foundCount = 0;
  let firstLong = 0;
  while (firstLong < lists.count && (lengths[order[firstLong] as number] as number) <= common)
    foundCount = scan(order[firstLong++] as number, lists, sums, found, foundCount);
  const rareFound = foundCount;
  const longLists = firstLong < lists.count;
  if (longLists && scanFirstLong(rareFound))
    foundCount = scan(order[firstLong++] as number, lists, sums, found, foundCount);
  // The common terms left can lift a product by at most their total weight; only products that
  // could then reach the current `limit`-th rank are looked up in their lists. Heaviest
  // list first (ties in the order above), and the bar raised after each, so the bound tightens as fast as it can.
  const restCount = lists.count - firstLong;
  const rest = heaviestFirst(order, firstLong, lists);
  let remaining = 0;
  for (let i = 0; i < restCount; i++) remaining += listWeights[rest[i] as number] as number;
  let candidates = found;
  let count = foundCount;
  const { top, ranks } = scratch;
  // The best `limit` so far: before each common list the bar, after the last the result.
  let topCount = topProducts(candidates, count, sums, norms, limit, top, ranks);
  for (let i = 0; i < restCount; i++) {
    const list = rest[i] as number;
    const bar = topCount < limit ? 0 : (ranks[limit - 1] as number);
    const listed = postings[list] as readonly number[];
    const weight = listWeights[list] as number;
    const members = listed.length > 0 ? membersOf(listed, scratch) : noMembers;
    // One pass per list: a product that can still reach the bar is kept (in `kept`, in place after
    // the first list: a product is written no later than it is read), given the list's weight
    // where the list holds it, and ranked for the next bar.
    let keptCount = 0;
    topCount = 0;
    for (let k = 0; k < count; k++) {
      const product = candidates[k] as number;
      if (((sums[product] as number) + remaining) / (norms[product] as number) < bar) continue;
      kept[keptCount++] = product;
      if (((members[product >>> 5] ?? 0) & (1 << (product & 31))) !== 0) (sums[product] as number) += weight;
      topCount = insertTop(
        product,
        (sums[product] as number) / (norms[product] as number),
        top,
        ranks,
        topCount,
        limit,
      );
    }
    candidates = kept;
    count = keptCount;
    remaining -= weight;
  }
  const ranked: RankedCandidate[] = [];
  for (let i = 0; i < topCount; i++) ranked.push({ product: top[i] as number, rank: ranks[i] as number });
  for (let i = 0; i < foundCount; i++) sums[found[i] as number] = 0;
  return { found: rareFound, longLists, top: ranked };
}

/**
 * A lookup's posting lists, in the order the query's terms are read: each list's postings, its
 * length in the scope and the weight it adds. Columns of numbers reused across lookups, as a
 * lookup reads a few dozen lists and a run makes one per product of both catalogs.
 */
interface LookupLists {
  count: number;
  postings: (readonly number[])[];
  lengths: Int32Array;
  listWeights: Float64Array;
  /** The lists' positions by length, then by position; the heaviest of the long ones first. */
  order: Int32Array;
  rest: Int32Array;
}

function emptyLists(): LookupLists {
  return {
    count: 0,
    postings: [],
    lengths: new Int32Array(64),
    listWeights: new Float64Array(64),
    order: new Int32Array(64),
    rest: new Int32Array(64),
  };
}

/** The query's posting lists of a length above 0 in the scope: its words, then each code's whole, ends and pieces. */
function collectLists(
  query: ProductFeatures,
  index: CatalogIndex,
  weights: TermWeights,
  scope: LookupScope | undefined,
  lists: LookupLists,
): LookupLists {
  lists.count = 0;
  const weighed = weights.of(query);
  for (let i = 0; i < query.words.length; i++)
    addList(lists, index, scope, 'words', query.words[i] as string, (weighed.words[i] as number) ** 2);
  for (let k = 0; k < query.codes.length; k++) {
    const code = query.codes[k] as string;
    const weight = (weighed.codes[k] as number) ** 2;
    addList(lists, index, scope, 'codes', code, weight);
    addList(lists, index, scope, 'codeEnds', code, weight);
    for (let length = minContainedCode; length < code.length; length++) {
      addList(lists, index, scope, 'codes', code.slice(0, length), weight);
      addList(lists, index, scope, 'codes', code.slice(-length), weight);
    }
  }
  return lists;
}

function addList(
  lists: LookupLists,
  index: CatalogIndex,
  scope: LookupScope | undefined,
  kind: 'words' | 'codes' | 'codeEnds',
  term: string,
  weight: number,
): void {
  const postings = index[kind].get(term);
  // Over the whole catalog a list's length is its own: one map read per list on the hot path.
  const length = scope ? scope.length(kind, term) : (postings?.length ?? 0);
  if (length === 0) return;
  if (lists.count === lists.lengths.length) {
    const size = 2 * lists.count;
    const lengths = new Int32Array(size);
    lengths.set(lists.lengths);
    const listWeights = new Float64Array(size);
    listWeights.set(lists.listWeights);
    Object.assign(lists, { lengths, listWeights, order: new Int32Array(size), rest: new Int32Array(size) });
  }
  lists.postings[lists.count] = postings ?? noPostings;
  lists.lengths[lists.count] = length;
  lists.listWeights[lists.count] = weight;
  lists.count++;
}

/** The lists' positions, shortest list first, ties by position (a stable sort by length). */
function sortedLists(lists: LookupLists): Int32Array {
  const { order, count } = lists;
  for (let i = 0; i < count; i++) order[i] = i;
  return sortPositions(order, count, lists, false);
}

/** The lists from `from` in `order` on, heaviest first, ties in their order there (a stable sort by weight). */
function heaviestFirst(order: Int32Array, from: number, lists: LookupLists): Int32Array {
  const { rest } = lists;
  const count = lists.count - from;
  for (let i = 0; i < count; i++) rest[i] = order[from + i] as number;
  return sortPositions(rest, count, lists, true);
}

/**
 * The first `count` positions sorted by `comesFirst`, a strict total order: by insertion where
 * they are few, as most lookups read a few dozen lists, by the built-in sort where a long name
 * reads hundreds.
 */
function sortPositions(
  positions: Int32Array,
  count: number,
  lists: LookupLists,
  byWeight: boolean,
): Int32Array {
  if (count > 64) {
    positions
      .subarray(0, count)
      .sort((a, b) => (comesFirst(lists, byWeight, a, b) ? -1 : comesFirst(lists, byWeight, b, a) ? 1 : 0));
    return positions;
  }
  for (let i = 1; i < count; i++) {
    const position = positions[i] as number;
    let at = i;
    while (at > 0 && comesFirst(lists, byWeight, position, positions[at - 1] as number)) {
      positions[at] = positions[at - 1] as number;
      at--;
    }
    positions[at] = position;
  }
  return positions;
}

/**
 * Whether list a comes before list b: the shorter first, ties by position; `byWeight`, the
 * heavier first, ties as by length.
 */
function comesFirst(lists: LookupLists, byWeight: boolean, a: number, b: number): boolean {
  const { lengths, listWeights } = lists;
  if (byWeight && listWeights[a] !== listWeights[b])
    return (listWeights[a] as number) > (listWeights[b] as number);
  return (lengths[a] as number) < (lengths[b] as number) || (lengths[a] === lengths[b] && a < b);
}

/** Adds the list's weight to each of its products, noting those found first; the new found count. */
function scan(
  list: number,
  lists: LookupLists,
  sums: Float64Array,
  found: Int32Array,
  foundCount: number,
): number {
  const postings = lists.postings[list] as readonly number[];
  const weight = lists.listWeights[list] as number;
  let count = foundCount;
  for (let i = 0; i < postings.length; i++) {
    const product = postings[i] as number;
    if (sums[product] === 0) found[count++] = product;
    (sums[product] as number) += weight;
  }
  return count;
}

/** The products of the index with one of the query's GTINs (field or text). */
export function sameGtinCandidates(query: ProductFeatures, index: CatalogIndex): number[] {
  if (query.gtin === null && query.textGtins.length === 0) return [];
  return [query.gtin, ...query.textGtins].flatMap((gtin) => (gtin ? (index.gtins.get(gtin) ?? []) : []));
}

const noPostings: readonly number[] = [];
/** The bit set of an empty list: every product's bit reads 0. */
const noMembers = new Uint32Array(0);

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
  /** A lookup's posting lists, and its best products and their ranks (`topProducts`). */
  lists: LookupLists;
  top: number[];
  ranks: number[];
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
      lists: emptyLists(),
      top: [],
      ranks: [],
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/**
 * The `limit` products of the best rank (shared weight over length) among the first `count` of
 * `products`, best first, ties by position, written to `top` and their ranks to `ranks`: how many.
 */
function topProducts(
  products: Int32Array,
  count: number,
  sums: Float64Array,
  norms: Float64Array,
  limit: number,
  top: number[],
  ranks: number[],
): number {
  let length = 0;
  for (let i = 0; i < count; i++) {
    const product = products[i] as number;
    length = insertTop(
      product,
      (sums[product] as number) / (norms[product] as number),
      top,
      ranks,
      length,
      limit,
    );
  }
  return length;
}

/** Places a product in the best `limit` (the first `length` of `top` and `ranks`) where it belongs: the new length. */
function insertTop(
  product: number,
  rank: number,
  top: number[],
  ranks: number[],
  length: number,
  limit: number,
): number {
  let at = length;
  while (at > 0 && before(rank, product, ranks[at - 1] as number, top[at - 1] as number)) at--;
  if (at >= limit) return length;
  // Shifted by hand, the last falling off when full: this runs for every found product of every lookup.
  let end = length < limit ? length : limit - 1;
  for (; end > at; end--) {
    top[end] = top[end - 1] as number;
    ranks[end] = ranks[end - 1] as number;
  }
  top[at] = product;
  ranks[at] = rank;
  return length < limit ? length + 1 : length;
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
