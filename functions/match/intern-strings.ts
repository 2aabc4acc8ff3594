import type { ProductFeatures } from './describe-product.ts';

/**
 * A run's table of distinct strings: each word or code is kept once however many products carry it,
 * rather than once per product (a 100k-product catalog repeats its common words millions of times).
 */
export function internStrings(): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    const kept = known.get(text);
    if (kept !== undefined) return kept;
    known.set(text, text);
    return text;
  };
}

/** The product's words and codes replaced, in place, by the run's copies of them. */
export function internFeatures(product: ProductFeatures, intern: (text: string) => string): ProductFeatures {
  for (const terms of [product.words, product.codes, product.letterCodes, product.numbers])
    for (let i = 0; i < terms.length; i++) terms[i] = intern(terms[i] as string);
  if (product.mpn !== null) product.mpn = intern(product.mpn);
  if (product.brand !== null) product.brand = intern(product.brand);
  if (product.firstWord !== null) product.firstWord = intern(product.firstWord);
  return product;
}
