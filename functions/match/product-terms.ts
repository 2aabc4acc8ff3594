import type { ProductFeatures } from './describe-product.ts';
import { coloursNamed } from './words/colour-words.ts';
import { devicesNamed } from './words/device-words.ts';
import { platformsNamed } from './words/platform-words.ts';

/** What pair comparisons read of a product's terms, derived once: a product is compared with many others. */
export interface ProductTerms {
  /**
   * The product's words (`product.words`, distinct). An array, not a set: with `wordMask` ruling
   * most words out, a name's dozen words are read faster than a set per product is held.
   */
  words: readonly string[];
  /** Each word's bit in `wordMask`, by position in `product.words`: a hash of the word, the same in every product. */
  wordBits: readonly number[];
  /**
   * The bits of its words: a word whose bit is not set is not among `words`. Pairs ask whether a
   * word of one is a word of the other a few million times in a run, and most are not: the mask
   * answers those without reading the set.
   */
  wordMask: number;
  /** Positions in `words` of the words with a digit: sizes, versions, short model names. */
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
    const digitWordAt = positionsOf(product.words, (word) => /\d/.test(word));
    const digitWords = digitWordAt.map((i) => product.words[i] as string);
    const unbranded = notTheMaker(product);
    const wordBits = product.words.map(wordBit);
    let wordMask = 0;
    for (const bit of wordBits) wordMask |= 1 << bit;
    terms = {
      words: product.words,
      wordBits,
      wordMask,
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
      joinable: positionsOf(product.words, (word) => word.length >= 4 && !digit.test(word)),
    };
    cache.set(product, terms);
  }
  return terms;
}

/** Whether the word at position `i` of x's words is among y's (`ProductTerms.wordMask`). */
export function sharesWord(
  x: ProductFeatures,
  xTerms: ProductTerms,
  i: number,
  yTerms: ProductTerms,
): boolean {
  return (
    ((yTerms.wordMask >> (xTerms.wordBits[i] as number)) & 1) !== 0 &&
    yTerms.words.includes(x.words[i] as string)
  );
}

/** Bits of a word mask: 30, so a mask is a small integer. */
const maskBits = 30;

/** The word's bit: an FNV-1a hash of its characters. */
function wordBit(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % maskBits;
}

/** No positions: one array for the many products with no word of a kind, as every product holds its terms. */
const noPositions: readonly number[] = [];

/** The positions of the words that pass the test, in order. */
function positionsOf(words: readonly string[], test: (word: string) => boolean): readonly number[] {
  const positions: number[] = [];
  for (let i = 0; i < words.length; i++) if (test(words[i] as string)) positions.push(i);
  return positions.length > 0 ? positions : noPositions;
}

/** The words that do not name the maker: a colour in a brand ("US Brown Bear") is no colour. */
function notTheMaker(product: ProductFeatures): readonly string[] {
  if (product.brandWords.length === 0) return product.words;
  return product.words.filter((word) => !product.brandWords.includes(word));
}
