import type { ProductFeatures } from './describe-product.ts';

const wordSets = new WeakMap<ProductFeatures, ReadonlySet<string>>();

/** The product's words as a set, built once per product: a product is compared with many others. */
export function wordSet(product: ProductFeatures): ReadonlySet<string> {
  let words = wordSets.get(product);
  if (!words) {
    words = new Set(product.words);
    wordSets.set(product, words);
  }
  return words;
}
