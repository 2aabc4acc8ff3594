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
  const common = Math.sqrt(index.products.length);
  const shared = new Map<number, number>();
  const lists: { postings: readonly number[]; weight: number }[] = [];
  for (const word of query.words) {
    const postings = index.words.get(word);
    if (postings) lists.push({ postings, weight: weights.word(word) ** 2 });
  }
  for (const code of query.codes) {
    const weight = weights.code(code) ** 2;
    for (const postings of codeLookups(code, index)) lists.push({ postings, weight });
  }
  lists.sort((a, b) => a.postings.length - b.postings.length);
  const rest: typeof lists = [];
  for (const list of lists) {
    if (list.postings.length <= common || shared.size < limit) {
      for (const product of list.postings) shared.set(product, (shared.get(product) ?? 0) + list.weight);
    } else rest.push(list);
  }
  const norm = (product: number): number =>
    Math.sqrt(weights.norm(index.products[product] as ProductFeatures));
  let ranked = [...shared].map(([product, sum]) => ({ product, sum, rank: sum / norm(product) }));
  if (rest.length > 0) {
    // The common terms left can lift a product by at most their total weight; only products that
    // could then reach the current `limit`-th rank are looked up in their (sorted) lists.
    const restWeight = rest.reduce((total, list) => total + list.weight, 0);
    const bar = [...ranked].sort((a, b) => b.rank - a.rank)[limit - 1]?.rank ?? 0;
    for (const candidate of ranked) {
      if ((candidate.sum + restWeight) / norm(candidate.product) < bar) continue;
      for (const list of rest) if (includes(list.postings, candidate.product)) candidate.sum += list.weight;
      candidate.rank = candidate.sum / norm(candidate.product);
    }
  }
  ranked = ranked.sort((a, b) => b.rank - a.rank || a.product - b.product).slice(0, limit);
  const sameGtin = query.gtin ? (index.gtins.get(query.gtin) ?? []) : [];
  return [...new Set([...sameGtin, ...ranked.map(({ product }) => product)])];
}

/** Binary search in a posting list, which holds product positions in ascending order. */
function includes(postings: readonly number[], product: number): boolean {
  let low = 0;
  let high = postings.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = postings[middle] as number;
    if (value === product) return true;
    if (value < product) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** Posting lists of products whose codes equal the code, end with it, or are one of its ends. */
function codeLookups(code: string, index: CatalogIndex): (readonly number[])[] {
  const lists = [index.codes.get(code), index.codeEnds.get(code)];
  for (let length = minContainedCode; length < code.length; length++) {
    lists.push(index.codes.get(code.slice(0, length)), index.codes.get(code.slice(-length)));
  }
  return lists.filter((list): list is number[] => list !== undefined);
}
