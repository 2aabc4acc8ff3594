import type { ProductFeatures } from './describe-product.ts';

/** How much a shared word or code says: rare ones say much, ones in every title almost nothing. */
export interface TermWeights {
  word(term: string): number;
  code(term: string): number;
  /** Carried by at most two products per catalog: names one model, not a series or a standard. */
  identifies(code: string): boolean;
  /** What the product's terms weigh, computed once per product. */
  of(product: ProductFeatures): ProductWeights;
  /** The weights of the product's words, in the order of `product.words` (`of(product).words`). */
  wordWeights(product: ProductFeatures): Float64Array;
  /** Squared length of the product's weighted word-and-code vector (`of(product).norm`). */
  norm(product: ProductFeatures): number;
}

/**
 * What a product's terms weigh under one comparison's weights: pairs read a product's weights many
 * times over, so they are looked up once, kept as numbers, and reached with one cache read.
 */
export interface ProductWeights {
  /** The weights of `product.words`, in order. */
  words: Float64Array;
  /** The weights of `product.codes`, in order. */
  codes: readonly number[];
  /** Whether each of `product.codes` identifies a model (`TermWeights.identifies`). */
  identifies: readonly boolean[];
  /** Squared length of the weighted word vector. */
  wordNorm: number;
  /** Squared length of the weighted word-and-code vector. */
  norm: number;
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

const noWeights: readonly number[] = [];
const noneIdentified: readonly boolean[] = [];

/** The weights of counted terms; a term not counted weighs as one no product carries. */
export function weighCounts({ total, catalogs, words, codes }: TermCounts): TermWeights {
  const idf = (frequency: number): number => Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
  // Each term's weight computed once: blocking and scoring ask for it millions of times in a large run.
  const wordWeights = new Map([...words].map(([term, frequency]) => [term, idf(frequency)]));
  const codeWeights = new Map([...codes].map(([term, frequency]) => [term, idf(frequency)]));
  const unseen = idf(0);
  const word = (term: string): number => wordWeights.get(term) ?? unseen;
  const code = (term: string): number => codeWeights.get(term) ?? unseen;
  const identifies = (term: string): boolean => (codes.get(term) ?? 0) <= 2 * catalogs;
  const products = new WeakMap<ProductFeatures, ProductWeights>();
  const of = (product: ProductFeatures): ProductWeights => {
    let cached = products.get(product);
    if (!cached) {
      // A loop, not Float64Array.from, which goes through the iterator protocol per word.
      const weighedWords = new Float64Array(product.words.length);
      let wordNorm = 0;
      for (let i = 0; i < weighedWords.length; i++) {
        weighedWords[i] = word(product.words[i] as string);
        wordNorm += (weighedWords[i] as number) ** 2;
      }
      let norm = wordNorm;
      // Most products have a code or none: short plain arrays, one shared where there is none.
      let weighedCodes = noWeights;
      let identified = noneIdentified;
      if (product.codes.length > 0) {
        weighedCodes = product.codes.map(code);
        identified = product.codes.map(identifies);
        for (const weight of weighedCodes) norm += weight ** 2;
      }
      cached = { words: weighedWords, codes: weighedCodes, identifies: identified, wordNorm, norm };
      products.set(product, cached);
    }
    return cached;
  };
  return {
    word,
    code,
    identifies,
    of,
    wordWeights: (product) => of(product).words,
    norm: (product) => of(product).norm,
  };
}
