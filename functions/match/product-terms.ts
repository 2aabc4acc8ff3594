import { coloursNamed } from './colour-words.ts';
import type { ProductFeatures } from './describe-product.ts';

/** What pair comparisons read of a product's terms, derived once: a product is compared with many others. */
export interface ProductTerms {
  words: ReadonlySet<string>;
  /** Words with a digit: sizes, versions, short model names. */
  digitWords: readonly string[];
  /** Codes with a letter and words mixing letters and digits ("t5", "m40x"), quantity tokens left out. */
  modelTerms: readonly string[];
  /** Codes and words with a digit, quantity tokens left out: the terms siblings differ in. */
  modelDigitTerms: readonly string[];
  /** The desktop systems the title names (`platformsNamed`). */
  platforms: number;
  /** The colours the title names (`coloursNamed`). */
  colours: number;
}

/** `platforms` bits. */
export const mac = 1;
export const windows = 2;
/** Words of a title that name a desktop system: software is sold as one edition per system. */
const platformWords: ReadonlyMap<string, number> = new Map([
  ['mac', mac],
  ['macintosh', mac],
  ['osx', mac],
  ['macosx', mac],
  ['window', windows],
  ['win', windows],
  ['pc', windows],
  ['xp', windows],
  ['vista', windows],
]);

const cache = new WeakMap<ProductFeatures, ProductTerms>();

export function productTerms(product: ProductFeatures): ProductTerms {
  let terms = cache.get(product);
  if (!terms) {
    const digitWords = product.words.filter((word) => /\d/.test(word));
    terms = {
      words: new Set(product.words),
      digitWords,
      modelTerms: [
        ...product.codes.filter((code) => /[a-z]/.test(code)),
        ...digitWords.filter((word) => /[a-z]/.test(word) && !word.includes('=')),
      ],
      modelDigitTerms: [...product.codes, ...digitWords.filter((word) => !word.includes('='))],
      platforms: platformsNamed(product.words),
      colours: coloursNamed(product.words),
    };
    cache.set(product, terms);
  }
  return terms;
}

/** Bits of the systems named by the words ("windows" is tokenised "window"); 0 where none is. */
function platformsNamed(words: readonly string[]): number {
  let platforms = 0;
  for (const word of words) platforms |= platformWords.get(word) ?? 0;
  return platforms;
}
