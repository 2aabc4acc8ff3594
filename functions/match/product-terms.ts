import type { ProductFeatures } from './describe-product.ts';
import { coloursNamed } from './words/colour-words.ts';
import { devicesNamed } from './words/device-words.ts';
import { platformsNamed } from './words/platform-words.ts';

/** What pair comparisons read of a product's terms, derived once: a product is compared with many others. */
export interface ProductTerms {
  words: ReadonlySet<string>;
  /** Words with a digit: sizes, versions, short model names. */
  digitWords: readonly string[];
  /** Their positions in `words`, in the same order. */
  digitWordAt: readonly number[];
  /** Codes with a letter and words mixing letters and digits ("t5", "m40x"), quantity tokens left out. */
  modelTerms: readonly string[];
  /** Codes and words with a digit, quantity tokens left out: the terms siblings differ in. */
  modelDigitTerms: readonly string[];
  /** The desktop systems the title names (`platformsNamed`). */
  platforms: number;
  /** The colours the title names (`coloursNamed`). */
  colours: number;
  /** The devices the title names (`devicesNamed`). */
  devices: number;
  /**
   * Positions in `words` of the words of four characters or more without a digit: those another
   * name may write joined with its neighbours (`compare-products.ts`, `joinedWeight`).
   */
  joinable: readonly number[];
  /**
   * The title sells a third party's cartridge or part for the maker's model ("compatible",
   * "remanufactured"): it names the maker's code, yet is another product than the maker's own.
   */
  thirdParty: boolean;
}

const cache = new WeakMap<ProductFeatures, ProductTerms>();

/** Words of titles that sell a third party's product made for the maker's model. */
const thirdPartyWords: ReadonlySet<string> = new Set(['compatible', 'remanufactured']);

/**
 * A digit of any script. Kept compiled: the transpiler the bench runs under (tsx) writes a literal
 * with a Unicode property as a `new RegExp` call, compiled again wherever the literal stands.
 */
const digit = /\p{N}/u;

export function productTerms(product: ProductFeatures): ProductTerms {
  let terms = cache.get(product);
  if (!terms) {
    const digitWordAt = product.words.flatMap((word, i) => (/\d/.test(word) ? [i] : []));
    const digitWords = digitWordAt.map((i) => product.words[i] as string);
    const unbranded = notTheMaker(product);
    terms = {
      words: new Set(product.words),
      digitWords,
      digitWordAt,
      modelTerms: [
        ...product.codes.filter((code) => /[a-z]/.test(code)),
        ...digitWords.filter((word) => /[a-z]/.test(word) && !word.includes('=')),
      ],
      modelDigitTerms: [...product.codes, ...digitWords.filter((word) => !word.includes('='))],
      platforms: platformsNamed(product.words),
      colours: coloursNamed(unbranded),
      devices: devicesNamed(unbranded),
      thirdParty: product.words.some((word) => thirdPartyWords.has(word)),
      joinable: product.words.flatMap((word, i) => (word.length >= 4 && !digit.test(word) ? [i] : [])),
    };
    cache.set(product, terms);
  }
  return terms;
}

/** The words that do not name the maker: a colour in a brand ("US Brown Bear") is no colour. */
function notTheMaker(product: ProductFeatures): readonly string[] {
  if (product.brandWords.length === 0) return product.words;
  return product.words.filter((word) => !product.brandWords.includes(word));
}
