import type { ProductFeatures } from './describe-product.ts';
import type { CatalogIndex } from './index-catalog.ts';
import { minContainedCode } from './min-contained-code.ts';
import type { TermWeights } from './weigh-terms.ts';

/**
 * Blocking: the products of an indexed catalog worth scoring against `query`, best first, at most
 * `limit` of them. Every product with the same GTIN is kept. Others are ranked by the cosine
 * numerator of the terms they share with the query, accumulated from posting lists rarest term
 * first; a term carried by more than √n products only adds to products already found, unless too
 * few were, so the cost per query grows with √n and not with the catalog.
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
  for (const { postings, weight } of lists) {
    const addNew = postings.length <= common || shared.size < limit;
    for (const product of postings) {
      const sum = shared.get(product);
      if (sum !== undefined) shared.set(product, sum + weight);
      else if (addNew) shared.set(product, weight);
    }
  }
  const ranked = [...shared]
    .map(([product, sum]) => ({
      product,
      rank: sum / Math.sqrt(weights.norm(index.products[product] as ProductFeatures)),
    }))
    .sort((a, b) => b.rank - a.rank || a.product - b.product)
    .slice(0, limit)
    .map(({ product }) => product);
  const sameGtin = query.gtin ? (index.gtins.get(query.gtin) ?? []) : [];
  return [...new Set([...sameGtin, ...ranked])];
}

/** Posting lists of products whose codes equal the code, end with it, or are one of its ends. */
function codeLookups(code: string, index: CatalogIndex): (readonly number[])[] {
  const lists = [index.codes.get(code), index.codeEnds.get(code)];
  for (let length = minContainedCode; length < code.length; length++) {
    lists.push(index.codes.get(code.slice(0, length)), index.codes.get(code.slice(-length)));
  }
  return lists.filter((list): list is number[] => list !== undefined);
}
