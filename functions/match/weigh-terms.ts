import type { ProductFeatures } from './describe-product.ts';

/** How much a shared word or code says: rare ones say much, ones in every title almost nothing. */
export interface TermWeights {
  word(term: string): number;
  code(term: string): number;
  /** Carried by at most two products per catalog: names one model, not a series or a standard. */
  identifies(code: string): boolean;
  /** The weights of the product's words, in the order of `product.words`, computed once per product. */
  wordWeights(product: ProductFeatures): Float64Array;
  /** Squared length of the product's weighted word-and-code vector. */
  norm(product: ProductFeatures): number;
}

/**
 * How many products carry each word and code, over all catalogs of a comparison: what the weights
 * are read from. A run split into shards counts over the whole catalogs once and hands each shard
 * the counts of its terms, so a term weighs in a shard what it weighs in one run.
 */
export interface TermCounts {
  /** Products counted, over all catalogs. */
  total: number;
  /** Catalogs counted (a code identifies a model where at most two products per catalog carry it). */
  catalogs: number;
  words: Map<string, number>;
  codes: Map<string, number>;
}

/** Counts the terms of every product of the catalogs. */
export function countTerms(catalogs: readonly (readonly ProductFeatures[])[]): TermCounts {
  const counts: TermCounts = { total: 0, catalogs: catalogs.length, words: new Map(), codes: new Map() };
  for (const catalog of catalogs) for (const product of catalog) addTerms(counts, product);
  return counts;
}

/** Counts one more product's terms. */
export function addTerms(counts: TermCounts, product: ProductFeatures): void {
  counts.total++;
  for (const word of product.words) counts.words.set(word, (counts.words.get(word) ?? 0) + 1);
  for (const code of product.codes) counts.codes.set(code, (counts.codes.get(code) ?? 0) + 1);
}

/**
 * BM25's inverse document frequency over all catalogs of a comparison, so a term weighs the same
 * whichever side it is read from.
 */
export function weighTerms(catalogs: readonly (readonly ProductFeatures[])[]): TermWeights {
  return weighCounts(countTerms(catalogs));
}

/** The weights of counted terms; a term not counted weighs as one no product carries. */
export function weighCounts({ total, catalogs, words, codes }: TermCounts): TermWeights {
  const idf = (frequency: number): number => Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
  // Each term's weight computed once: blocking and scoring ask for it millions of times in a large run.
  const wordWeights = new Map([...words].map(([term, frequency]) => [term, idf(frequency)]));
  const codeWeights = new Map([...codes].map(([term, frequency]) => [term, idf(frequency)]));
  const unseen = idf(0);
  const word = (term: string): number => wordWeights.get(term) ?? unseen;
  const code = (term: string): number => codeWeights.get(term) ?? unseen;
  const norms = new WeakMap<ProductFeatures, number>();
  // Pairs read a product's word weights many times over: looked up once, kept as numbers.
  const productWords = new WeakMap<ProductFeatures, Float64Array>();
  const wordWeightsOf = (product: ProductFeatures): Float64Array => {
    let cached = productWords.get(product);
    if (!cached) {
      // A loop, not Float64Array.from, which goes through the iterator protocol per word.
      cached = new Float64Array(product.words.length);
      for (let i = 0; i < cached.length; i++) cached[i] = word(product.words[i] as string);
      productWords.set(product, cached);
    }
    return cached;
  };
  return {
    word,
    code,
    identifies: (term) => (codes.get(term) ?? 0) <= 2 * catalogs,
    wordWeights: wordWeightsOf,
    norm(product) {
      let norm = norms.get(product);
      if (norm === undefined) {
        norm = 0;
        for (const weight of wordWeightsOf(product)) norm += weight ** 2;
        for (const term of product.codes) norm += code(term) ** 2;
        norms.set(product, norm);
      }
      return norm;
    },
  };
}
