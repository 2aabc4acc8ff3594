import { compactWord } from './compact-word.ts';
import type { MatchEvidence } from './compare-products.ts';
import type { ProductFeatures } from './describe-product.ts';
import { editDistance } from './edit-distance.ts';
import { type ProductTerms, productTerms, sharesWord } from './product-terms.ts';
import { isStandardCode } from './standard-code.ts';
import type { ProductWeights, TermWeights } from './weigh-terms.ts';
import makerWordList from './words/maker-words.json' with { type: 'json' };

/** The names of the numbers `pairFeatures` gives, in order; the learned scorer's weights follow them. */
export const pairFeatureNames = [
  'text_cosine',
  'word_cosine',
  'code_equal',
  'code_contained',
  'code_stem',
  'code_in_text',
  'code_conflict',
  'codes_both_unrelated',
  'codes_one_side',
  'quantities_agree',
  'quantities_conflict',
  'brand_equal',
  'brand_conflict',
  'first_word_equal',
  'length_ratio',
  'digit_terms_unshared',
  'word_overlap',
  'digit_terms_unshared_both',
  'trigram_overlap',
  'unshared_rarest',
  'rule_score',
  'word_containment',
  'numbers_overlap',
  'numbers_unshared_min',
  'numbers_unshared_max',
  'model_terms_unfound_min',
  'model_terms_unfound_max',
  'model_terms_found',
  'letter_codes_found',
  'letter_codes_unfound',
  'first_words_unfound',
  'code_similarity',
  'code_contained_extra',
  'near_terms',
  'near_numbers',
  'maker_conflict',
  'pack_one_side',
  'variant_words_one_side',
] as const;

/**
 * The pair as numbers for the learned scorer: the engine's evidence (code agreement kinds, weighted
 * cosine, brand, measured quantities) plus what the rules leave out (how much of the numbers and
 * codes is not shared, length ratio, the first word, which is mostly the maker) and what tells
 * siblings apart (codes and numbers one edit apart).
 */
export function pairFeatures(
  a: ProductFeatures,
  b: ProductFeatures,
  weights: TermWeights,
  evidence: MatchEvidence,
  ruleScore: number,
): number[] {
  const aTerms = productTerms(a);
  const bTerms = productTerms(b);
  const aWords = aTerms.words;
  const bWords = bTerms.words;
  const aWeighed = weights.of(a);
  const bWeighed = weights.of(b);
  const aWeights = aWeighed.words;
  let shared = 0;
  let sharedWeight = 0;
  for (let i = 0; i < a.words.length; i++)
    if (sharesWord(a, aTerms, i, bTerms)) {
      shared++;
      sharedWeight += (aWeights[i] as number) ** 2;
    }
  const wordNorms = Math.sqrt(aWeighed.wordNorm * bWeighed.wordNorm);
  const related = evidence.codes;
  const da = digitTerms(a, aTerms, aWeighed, bTerms, related);
  const db = digitTerms(b, bTerms, bWeighed, aTerms, related);
  const aSize = a.words.length + a.codes.length;
  const bSize = b.words.length + b.codes.length;
  const relation = evidence.codes.every(isStandardCode) ? null : evidence.codeRelation;
  // Written in place rather than spread from arrays of the parts: a run computes this for about
  // 90,000 pairs.
  const row = [
    evidence.text,
    wordNorms > 0 ? sharedWeight / wordNorms : 0,
    relation === 'equal' ? 1 : 0,
    relation === 'contained' ? 1 : 0,
    relation === 'stem' ? 1 : 0,
    relation === 'text' ? 1 : 0,
    evidence.codeConflict ? 1 : 0,
    relation === null && a.codes.length > 0 && b.codes.length > 0 ? 1 : 0,
    a.codes.length > 0 !== b.codes.length > 0 ? 1 : 0,
    evidence.quantities.agree.length,
    evidence.quantities.conflict.length,
    evidence.brand === 'equal' ? 1 : 0,
    evidence.brand === 'conflict' ? 1 : 0,
    a.firstWord !== null && a.firstWord === b.firstWord ? 1 : 0,
    Math.max(aSize, bSize) > 0 ? Math.min(aSize, bSize) / Math.max(aSize, bSize) : 0,
    da.total + db.total > 0 ? (da.unshared + db.unshared) / (da.total + db.total) : 0,
    aWords.length + bWords.length - shared > 0 ? shared / (aWords.length + bWords.length - shared) : 0,
    Math.min(share(da), share(db)),
    trigramOverlap(a, b),
    Math.min(rarestUnshared(a, aTerms, aWeighed, bTerms), rarestUnshared(b, bTerms, bWeighed, aTerms)),
    ruleScore,
    Math.min(aWords.length, bWords.length) > 0 ? shared / Math.min(aWords.length, bWords.length) : 0,
  ];
  pushNumberAgreement(row, a.numbers, b.numbers);
  pushModelTermAgreement(row, a, aTerms, b, bTerms);
  pushLetterCodeAgreement(row, a, b);
  row.push(firstWordUnfound(a, b) && firstWordUnfound(b, a) ? 1 : 0);
  pushClosestCodes(row, a, b);
  row.push(
    nearTwins(aTerms.modelDigitTerms, bTerms.modelDigitTerms, 2),
    nearTwins(a.numbers, b.numbers, 2, true),
    makerConflict(a, b) ? 1 : 0,
    evidence.packConflict ? 1 : 0,
    variantWordsOneSide(a, b),
  );
  return row;
}

/**
 * The weight of x's words with a digit and of its codes, and of those the other lacks (words not
 * among the other's, codes containing none of the `related` codes).
 */
function digitTerms(
  x: ProductFeatures,
  xTerms: ProductTerms,
  xWeighed: ProductWeights,
  otherTerms: ProductTerms,
  related: readonly string[],
): { total: number; unshared: number } {
  let total = 0;
  let unshared = 0;
  for (const i of xTerms.digitWordAt) {
    const w = (xWeighed.words[i] as number) ** 2;
    total += w;
    if (!sharesWord(x, xTerms, i, otherTerms)) unshared += w;
  }
  for (let i = 0; i < x.codes.length; i++) {
    const w = (xWeighed.codes[i] as number) ** 2;
    total += w;
    if (!containsOne(x.codes[i] as string, related)) unshared += w;
  }
  return { total, unshared };
}

function containsOne(code: string, parts: readonly string[]): boolean {
  for (const part of parts) if (code.includes(part)) return true;
  return false;
}

/**
 * Words that name an edition, a condition or a variant of a product rather than the product
 * ("Upgrade", "Academic", "OEM", "Refurbished"; "Pro", "Plus", "Mini", "Max", "Lite"): two offers of
 * which only one says one are mostly two editions or two models of one series.
 */
const variantWords: ReadonlySet<string> = new Set([
  'upgrade',
  'upg',
  'academic',
  'student',
  'education',
  'educational',
  'oem',
  'trial',
  'refurbished',
  'renewed',
  'used',
  'bundle',
  'kit',
  'refill',
  'replacement',
  'starter',
  'combo',
  'pro',
  'plus',
  'mini',
  'max',
  'ultra',
  'lite',
  'xl',
  'premium',
  'deluxe',
  'standard',
  'professional',
  'home',
  'business',
  'enterprise',
  'elite',
  'touch',
  'slim',
]);

/** How many of the variant words one name has and the other lacks. */
function variantWordsOneSide(a: ProductFeatures, b: ProductFeatures): number {
  return variantWordsLacking(a, b.words) + variantWordsLacking(b, a.words);
}

/** The variant words of `x` that `other` lacks: a name's few words are read rather than the list. */
function variantWordsLacking(x: ProductFeatures, other: readonly string[]): number {
  let count = 0;
  for (const word of x.words) if (variantWords.has(word) && !other.includes(word)) count++;
  return count;
}

/**
 * The name's first word (mostly the maker where no brand is given) is nowhere in the other's name,
 * even run together with its neighbours ("HyperX" meets "Kingston Hyperx"): true of both sides,
 * the two name different makers ("Zotac" / "ASUS").
 */
function firstWordUnfound(x: ProductFeatures, other: ProductFeatures): boolean {
  return x.firstWord !== null && !other.compactName.includes(compactWord(x.firstWord));
}

/** Words that name makers, learned from the training pairs (`mineMakerWords`). */
const makerWords: ReadonlySet<string> = new Set(makerWordList);

/**
 * Both names name a maker, and neither names one of the other's anywhere ("Crucial ... MX500" /
 * "Samsung 970 EVO"): where no brand field is given, the first word alone cannot tell a maker from
 * a word of the shop's language. `makers` are the committed maker words unless cross-validation
 * learns them again from a fold.
 */
export function makerConflict(
  a: ProductFeatures,
  b: ProductFeatures,
  makers: ReadonlySet<string> = makerWords,
): boolean {
  // Most names of a catalogue run carry no maker word: read one side's before the other's.
  const aMakers = makersIn(a, makers);
  if (aMakers.length === 0) return false;
  const bMakers = makersIn(b, makers);
  return (
    bMakers.length > 0 &&
    !aMakers.some((word) => b.compactName.includes(compactWord(word))) &&
    !bMakers.some((word) => a.compactName.includes(compactWord(word)))
  );
}

function makersIn(product: ProductFeatures, makers: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const word of product.words) if (makers.has(word)) found.push(word);
  return found;
}

/**
 * Of the codes that are not equal, how alike the closest two are (1 less their edit distance over
 * the longer's length; siblings differ in a character, "2393823109" / "2399823109"), and the fewest
 * characters one code adds to another that contains it (a shop's prefix adds several, a variant's
 * letter one: "dgs121024" / "dgs121024p"), 0 when none contains another; pushed onto the row.
 */
function pushClosestCodes(row: number[], a: ProductFeatures, b: ProductFeatures): void {
  let similarity = 0;
  let extra = 0;
  for (const x of a.codes)
    for (const y of b.codes) {
      if (x === y) continue;
      similarity = Math.max(similarity, 1 - editDistance(x, y) / Math.max(x.length, y.length));
      if (x.includes(y) || y.includes(x)) {
        const added = Math.abs(x.length - y.length);
        if (extra === 0 || added < extra) extra = added;
      }
    }
  row.push(similarity, extra);
}

/**
 * How many of one side's terms the other lacks have a twin there, unshared too, one edit away
 * ("5s" / "5x", "1210" / "1211"): siblings of one series. `sameLength` asks for a changed character
 * only, as digit runs of other lengths are other quantities.
 */
function nearTwins(
  a: readonly string[],
  b: readonly string[],
  minLength: number,
  sameLength = false,
): number {
  // A name has a few such terms: looked up in the arrays, no set built per pair.
  let twins = 0;
  for (const x of a) {
    if (b.includes(x) || x.length < minLength) continue;
    for (const y of b)
      if (
        !a.includes(y) &&
        y.length >= minLength &&
        (sameLength ? x.length === y.length : Math.abs(x.length - y.length) <= 1) &&
        editDistance(x, y) === 1
      ) {
        twins++;
        break;
      }
  }
  return twins;
}

/**
 * Overlap of the digit runs, and how many of each side's the other lacks (fewer, more): siblings
 * differ in a number. Pushed onto the row.
 */
function pushNumberAgreement(row: number[], a: readonly string[], b: readonly string[]): void {
  let shared = 0;
  for (const number of a) if (b.includes(number)) shared++;
  const union = a.length + b.length - shared;
  const aOnly = a.length - shared;
  const bOnly = b.length - shared;
  row.push(union > 0 ? shared / union : 0, Math.min(aOnly, bOnly), Math.max(aOnly, bOnly));
}

/**
 * Terms of letters and digits (model codes, and short ones such as "t5" or "m40x") looked up in the
 * other's name with separators and spaces removed, so "RX 5500 XT" meets "rx5500xt": how many of
 * each side's are not found (fewer, more), and the share of all that are found; pushed onto the row.
 */
function pushModelTermAgreement(
  row: number[],
  a: ProductFeatures,
  aTerms: ProductTerms,
  b: ProductFeatures,
  bTerms: ProductTerms,
): void {
  const xTotal = aTerms.modelTerms.length;
  const yTotal = bTerms.modelTerms.length;
  const xFound = modelTermsFound(aTerms, b);
  const yFound = modelTermsFound(bTerms, a);
  const total = xTotal + yTotal;
  row.push(
    Math.min(xTotal - xFound, yTotal - yFound),
    Math.max(xTotal - xFound, yTotal - yFound),
    total > 0 ? (xFound + yFound) / total : 0,
  );
}

function modelTermsFound(xTerms: ProductTerms, other: ProductFeatures): number {
  let found = 0;
  for (const term of xTerms.modelTerms) if (other.compactName.includes(term)) found++;
  return found;
}

/**
 * Letter-only codes ("SPD-SL") of either side found in the other's name run together, and not
 * found; pushed onto the row.
 */
function pushLetterCodeAgreement(row: number[], a: ProductFeatures, b: ProductFeatures): void {
  const found = lettersFound(a, b) + lettersFound(b, a);
  row.push(found, a.letterCodes.length + b.letterCodes.length - found);
}

function lettersFound(x: ProductFeatures, other: ProductFeatures): number {
  let found = 0;
  for (const code of x.letterCodes) if (other.compactName.includes(code)) found++;
  return found;
}

function share({ total, unshared }: { total: number; unshared: number }): number {
  return total > 0 ? unshared / total : 0;
}

/** Jaccard overlap of the character trigrams: spellings that differ by a separator or an ending still overlap. */
function trigramOverlap(a: ProductFeatures, b: ProductFeatures): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let common = 0;
  // The merge's steps as arithmetic on comparisons: which side moves on is a coin toss the
  // processor would mispredict about every other step.
  for (let i = 0, k = 0; i < x.length && k < y.length; ) {
    const left = x[i] as number;
    const right = y[k] as number;
    common += +(left === right);
    i += +(left <= right);
    k += +(left >= right);
  }
  const union = x.length + y.length - common;
  return union > 0 ? common / union : 0;
}

const trigramCache = new WeakMap<ProductFeatures, Uint32Array>();
/** Room for one name's trigrams while they are sorted and deduplicated; grown when a name is longer. */
let gramScratch = new Uint32Array(256);

/**
 * The distinct trigrams of the compact name as sorted numbers, computed once. Three ASCII characters
 * make an exact 21-bit number; a trigram with another letter (Greek, Japanese) is hashed above that
 * range, where two trigrams may rarely share a number. Small integers keep the set free of boxed
 * numbers.
 */
function trigrams(product: ProductFeatures): Uint32Array {
  let cached = trigramCache.get(product);
  if (!cached) {
    const text = product.compactName;
    const count = Math.max(0, text.length - 2);
    if (gramScratch.length < count) gramScratch = new Uint32Array(2 * count);
    // Built in the shared scratch, so each product allocates only the array it keeps.
    const grams = gramScratch.subarray(0, count);
    for (let i = 0; i < grams.length; i++) {
      const x = text.charCodeAt(i);
      const y = text.charCodeAt(i + 1);
      const z = text.charCodeAt(i + 2);
      grams[i] =
        (x | y | z) < 128
          ? (x << 14) | (y << 7) | z
          : (1 << 21) + ((Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ z) & 0x3fdfffff);
    }
    grams.sort();
    // Sorted, so repeats are neighbours: kept once, in place.
    let distinct = 0;
    for (let i = 0; i < grams.length; i++)
      if (i === 0 || grams[i] !== grams[i - 1]) grams[distinct++] = grams[i] as number;
    cached = grams.slice(0, distinct);
    trigramCache.set(product, cached);
  }
  return cached;
}

/** The weight of the rarest word the other product lacks, against the product's own rarest word. */
function rarestUnshared(
  x: ProductFeatures,
  xTerms: ProductTerms,
  xWeighed: ProductWeights,
  otherTerms: ProductTerms,
): number {
  const xWeights = xWeighed.words;
  let rarest = 0;
  let rarestUnshared = 0;
  for (let i = 0; i < x.words.length; i++) {
    const weight = xWeights[i] as number;
    rarest = Math.max(rarest, weight);
    if (weight > rarestUnshared && !sharesWord(x, xTerms, i, otherTerms)) rarestUnshared = weight;
  }
  return rarest > 0 ? rarestUnshared / rarest : 0;
}
