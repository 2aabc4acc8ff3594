import type { ProductFeatures } from './describe-product.ts';
import type { CatalogIndex } from './index-catalog.ts';
import { minContainedCode } from './min-contained-code.ts';
import type { TermWeights } from './weigh-terms.ts';

/**
 * Blocking: the products of an indexed catalog worth scoring against `query`, best first, at most
 * `limit` of them, plus every product with the same GTIN. Candidates are ranked by the shared part
 * of the cosine, accumulated from the posting lists of the query's terms, rarest first. Lists longer
 * than √n add new products only while fewer than `limit` were found. After that a common term is
 * not scanned (a word that much of the catalog carries, scanned for every query, made 100k x 100k
 * runs several times slower) but looked up for the found products that could still reach the top
 * `limit`, so the cost per query grows with √n and the top `limit` is still exact.
 */
export function findCandidates(
  query: ProductFeatures,
  index: CatalogIndex,
  weights: TermWeights,
  limit: number,
): number[] {
  const scratch = scratchFor(index, weights);
  const { sums, norms, found, kept } = scratch;
  const common = Math.sqrt(index.products.length);
  const lists: { postings: readonly number[]; weight: number }[] = [];
  const wordWeights = weights.wordWeights(query);
  for (let i = 0; i < query.words.length; i++) {
    const postings = index.words.get(query.words[i] as string);
    if (postings) lists.push({ postings, weight: (wordWeights[i] as number) ** 2 });
  }
  for (const code of query.codes) {
    const weight = weights.code(code) ** 2;
    for (const postings of codeLookups(code, index)) lists.push({ postings, weight });
  }
  lists.sort((a, b) => a.postings.length - b.postings.length);
  // Products found so far (the first `foundCount` of `found`); their shared weight accumulates in
  // `sums`, reset before returning.
  let foundCount = 0;
  const rest: typeof lists = [];
  for (const list of lists) {
    if (list.postings.length <= common || foundCount < limit) {
      for (const product of list.postings) {
        if (sums[product] === 0) found[foundCount++] = product;
        (sums[product] as number) += list.weight;
      }
    } else rest.push(list);
  }
  // The common terms left can lift a product by at most their total weight; only products that
  // could then reach the current `limit`-th rank are looked up in their lists. Heaviest
  // list first, and the bar raised after each, so the bound tightens as fast as it can.
  rest.sort((a, b) => b.weight - a.weight);
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
    const members = membersOf(list.postings, scratch);
    for (let i = 0; i < count; i++) {
      const product = candidates[i] as number;
      if (((members[product >>> 5] as number) & (1 << (product & 31))) !== 0)
        (sums[product] as number) += list.weight;
    }
    remaining -= list.weight;
  }
  const top = topProducts(candidates, count, sums, norms, limit);
  for (let i = 0; i < foundCount; i++) sums[found[i] as number] = 0;
  if (query.gtin === null && query.textGtins.length === 0) return top;
  const sameGtin = [query.gtin, ...query.textGtins].flatMap((gtin) =>
    gtin ? (index.gtins.get(gtin) ?? []) : [],
  );
  return [...new Set([...sameGtin, ...top])];
}

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

/** Posting lists of products whose codes equal the code, end with it, or are one of its ends. */
function codeLookups(code: string, index: CatalogIndex): (readonly number[])[] {
  const lists = [index.codes.get(code), index.codeEnds.get(code)];
  for (let length = minContainedCode; length < code.length; length++) {
    lists.push(index.codes.get(code.slice(0, length)), index.codes.get(code.slice(-length)));
  }
  return lists.filter((list): list is number[] => list !== undefined);
}
