import { priceRatio } from './compare-prices.ts';
import type { ProductFeatures } from './describe-product.ts';
import { minContainedCode } from './min-contained-code.ts';
import { type ProductTerms, productTerms, sharesWord } from './product-terms.ts';
import type { Quantity } from './read-quantities.ts';
import { type CodeRelation, minIdentifyingNumber, relateCodes } from './relate-codes.ts';
import { sellsPack } from './sells-pack.ts';
import { spelledInName } from './spelled-in-name.ts';
import { variantsDiffer } from './variant-terms.ts';
import type { ProductWeights, TermWeights } from './weigh-terms.ts';
import { namesOthersOnly } from './words/word-groups.ts';

/** Why two products were scored as they were; kept with every match. */
export interface MatchEvidence {
  /**
   * Both carry a valid GTIN, or one's GTIN field is written in the other's name or description:
   * equal decides, different GTINs of both GTIN fields rule the pair out.
   */
  gtin: 'equal' | 'conflict' | null;
  /** Both MPNs read as the same model code, the makers not differing. */
  mpn: 'equal' | null;
  /** Model codes the two share (from names, MPNs, descriptions), each once. */
  codes: string[];
  /** The strongest way a code agreed (`relate-codes.ts`), null when none did. */
  codeRelation: CodeRelation | null;
  /** Each names its own model (a code no other product carries) and they share none. */
  codeConflict: boolean;
  /** One is sold as compatible with or remanufactured from the maker's product, the other not. */
  thirdPartyConflict: boolean;
  /**
   * One title names only Mac, the other only Windows: two editions of one program. Absent from
   * evidence of engine versions before match-8.
   */
  platformConflict?: boolean;
  /**
   * Both titles name colours, and none in common: two colours of one model. It lowers the
   * assignment score (`judgePair`), not this rule's. Absent from evidence of engine versions
   * before match-8.
   */
  colourConflict?: boolean;
  /**
   * Both titles name devices (`devicesNamed`: "iPod", "iPhone", "Kindle"), and none in common: two
   * accessories of one line made for two devices, or two devices. Like colours it lowers the
   * assignment score only. Absent from evidence of engine versions before match-9.
   */
  deviceConflict?: boolean;
  /**
   * One title sells a pack of several pieces, the other names no pack (`sellsPack`): most often a
   * pack against one piece. It lowers the assignment score (`judgePair`), not this rule's. Absent
   * from evidence of engine versions before match-9.
   */
  packConflict?: boolean;
  /**
   * Both are variants naming a value of one attribute, and the values differ (`variantsDiffer`:
   * size M against size L): a sibling variant. It lowers the assignment score (`judgePair`), so a
   * shop's same variant wins; a match to a sibling is flagged `variant_differs` in the exports.
   * Absent from evidence of engine versions before match-10.
   */
  variantConflict?: boolean;
  /** Words both titles carry, rarest first, at most five. */
  words: string[];
  /** Weighted cosine of words and model codes, 0..1. */
  text: number;
  /** Measured dimensions read on both sides with a common value, or with no common value. */
  quantities: { agree: string[]; conflict: string[] };
  brand: 'equal' | 'conflict' | null;
  /**
   * How many times the higher price is the lower (`priceRatio`), null where the prices cannot be
   * compared; absent from evidence of engine versions before match-6.
   */
  priceRatio?: number | null;
}

export interface PairScore {
  /** 0..1; 0 when a conflict rules the pair out. */
  score: number;
  evidence: MatchEvidence;
}

/**
 * Each conflict (a measured dimension with no common value, different model codes) halves the
 * score: the text must then say twice as much. Not a veto, because a title may mention the size of
 * a part or a compatible model.
 */
const conflictFactor = 0.5;
/** Marketing rounds sizes ("1 TB" for 1024 GB): values this close are the same. */
const quantityTolerance = 0.03;
/** Shared words kept as evidence: enough to see why, few enough to read in a spreadsheet cell. */
const evidenceWords = 5;
/** Model numbers run to four digits ("Nokia 1616", "CDE-72"); longer runs are catalogue numbers. */
const catalogueNumber = /\d{5}/;
/** Both kinds of code (`codeKind`). */
const anyKind = 3;
/** A title's first word this long that starts the other's maker name names that maker ("adobe"). */
const minMakerWord = 4;
/** A code in a title that names the model: "tsw259s4", not "a500" (a series, a size). */
const minNamingCode = minContainedCode;

/**
 * Scores how likely two products of different catalogs are the same product, with the evidence.
 * Without `withWords` the evidence's shared words are left empty: blocking scores many pairs and
 * keeps only their scores.
 */
export function compareProducts(
  a: ProductFeatures,
  b: ProductFeatures,
  weights: TermWeights,
  withWords = true,
): PairScore {
  const gtin =
    a.gtin && b.gtin ? (a.gtin === b.gtin ? 'equal' : 'conflict') : gtinWritten(a, b) ? 'equal' : null;
  const brand =
    a.brand && b.brand
      ? sameBrand(a.brand, b.brand)
        ? 'equal'
        : 'conflict'
      : namesMaker(a, b) || namesMaker(b, a)
        ? 'equal'
        : null;
  const mpn = a.mpn && b.mpn && a.mpn === b.mpn && brand !== 'conflict' ? 'equal' : null;
  const aWeighed = weights.of(a);
  const bWeighed = weights.of(b);
  const agreement = relateCodes(a, aWeighed, b, bWeighed);
  const aTerms = productTerms(a);
  const bTerms = productTerms(b);
  const aWeights = aWeighed.words;
  let sharedWords = 0;
  const common: { word: string; weight: number }[] = [];
  for (let i = 0; i < a.words.length; i++) {
    if (sharesWord(a, aTerms, i, bTerms)) {
      const word = a.words[i] as string;
      const weight = aWeights[i] as number;
      sharedWords += weight ** 2;
      if (withWords) common.push({ word, weight });
    }
  }
  sharedWords +=
    joinedWeight(a, aTerms, aWeights, b, bTerms) + joinedWeight(b, bTerms, bWeighed.words, a, aTerms);
  const norms = Math.sqrt(aWeighed.norm * bWeighed.norm);
  // A product without a name (only a GTIN, say) has no text to compare.
  const text = norms > 0 ? Math.min(1, (sharedWords + agreement.weight) / norms) : 0;
  const quantities = compareQuantities(a.quantities, b.quantities);
  const codeConflict =
    agreement.codes.length === 0 && codesConflict(a, aWeighed, b, bWeighed, brand === 'conflict');
  const thirdPartyConflict = aTerms.thirdParty !== bTerms.thirdParty;
  // A title naming both systems ("Win/Mac") sells either.
  const platformConflict = namesOthersOnly(aTerms.platforms, bTerms.platforms);
  const evidence: MatchEvidence = {
    gtin,
    mpn,
    codes: agreement.codes,
    codeRelation: agreement.relation,
    codeConflict,
    thirdPartyConflict,
    platformConflict,
    colourConflict: namesOthersOnly(aTerms.colours, bTerms.colours),
    deviceConflict: namesOthersOnly(aTerms.devices, bTerms.devices),
    packConflict: sellsPack(a) !== sellsPack(b),
    variantConflict: variantsDiffer(a.variant, b.variant),
    words: common
      .sort((x, y) => y.weight - x.weight)
      .slice(0, evidenceWords)
      .map((shared) => shared.word),
    text,
    quantities,
    brand,
    priceRatio: priceRatio(a, b),
  };
  if (gtin === 'conflict') return { score: 0, evidence };
  if (gtin === 'equal') return { score: 1, evidence };
  const conflicts =
    quantities.conflict.length +
    (codeConflict ? 1 : 0) +
    (thirdPartyConflict ? 1 : 0) +
    (platformConflict ? 1 : 0);
  const conflicted = text * conflictFactor ** conflicts;
  const named =
    brand !== 'conflict' && (namesModel(a, aWeighed, b, weights) || namesModel(b, bWeighed, a, weights));
  return { score: named ? 1 - (1 - conflicted) * conflictFactor : conflicted, evidence };
}

/**
 * Names longer than this (a description pasted into the name field) are not searched for joined
 * words: the search costs a name's words times the other name's length, per pair.
 */
const maxJoinedName = 256;

/**
 * The shared weight of words that `x` writes as one and `y` splits or joins otherwise ("clip art" /
 * "clipart", "Titan Pro" / "TitanPro", "NoteTabs" / "Note Tabs"): a word of `x` of four letters or
 * more, not among `y`'s words but written in `y`'s name without spaces, counts half its weight, the
 * other half coming from `y`'s side where its pieces are long enough to be found in `x`'s name.
 * Shorter words are found inside unrelated ones ("art" in "smart"), and a number inside another
 * ("12" in "120") is another size. `xTerms` and `yTerms` are their `productTerms`.
 */
function joinedWeight(
  x: ProductFeatures,
  xTerms: ProductTerms,
  xWeights: Float64Array,
  y: ProductFeatures,
  yTerms: ProductTerms,
): number {
  if (x.compactName.length > maxJoinedName || y.compactName.length > maxJoinedName) return 0;
  let weight = 0;
  // The name without spaces holds letters and digits only: a word found there is one of them.
  for (const i of xTerms.joinable)
    if (!sharesWord(x, xTerms, i, yTerms) && y.compactName.includes(x.words[i] as string))
      weight += (xWeights[i] as number) ** 2 / 2;
  return weight;
}

/**
 * One's GTIN field is written in the other's name or description. Two texts writing one GTIN do not
 * decide: both descriptions may name one accessory's code (two titles carrying one number agree by
 * model code anyway).
 */
function gtinWritten(a: ProductFeatures, b: ProductFeatures): boolean {
  return (
    (a.gtin !== null && b.textGtins.includes(a.gtin)) || (b.gtin !== null && a.textGtins.includes(b.gtin))
  );
}

/**
 * Each names its own model with a code of one kind, and they differ: both catalogue numbers (a run
 * of five or more digits, with or without letters around it: "32760", "SAN32730PP"), or both model
 * codes ("CDE-72", "Nokia 1616"). A catalogue number and a model code are two identifiers of one
 * product, not two products, unless the makers differ.
 */
function codesConflict(
  a: ProductFeatures,
  aWeighed: ProductWeights,
  b: ProductFeatures,
  bWeighed: ProductWeights,
  otherMaker: boolean,
): boolean {
  let aKinds = 0;
  for (let i = 0; i < a.codes.length; i++)
    if (aWeighed.identifies[i]) aKinds |= codeKind(a.codes[i] as string);
  if (aKinds === 0) return false;
  // Two makers' codes of any kinds name two products.
  const kinds = otherMaker ? anyKind : aKinds;
  for (let i = 0; i < b.codes.length; i++)
    if (bWeighed.identifies[i] && (kinds & codeKind(b.codes[i] as string)) !== 0) return true;
  return false;
}

/** 1 for a catalogue number, 2 for a model code. */
function codeKind(code: string): number {
  return catalogueNumber.test(code) ? 1 : 2;
}

/**
 * The product names its model in the other's title: its MPN, or a code of its own, no more than
 * two products per catalog carrying it, is a code of the other product too, or is written in the
 * other's title split by a space. The code mixes letters and digits and is long enough not to be a
 * size or a year, or is a number long enough to be a part number ("Adobe 42050142 Acrobat
 * Distiller 6").
 */
function namesModel(
  x: ProductFeatures,
  xWeighed: ProductWeights,
  y: ProductFeatures,
  weights: TermWeights,
): boolean {
  if (y.codes.length === 0) return false;
  if (x.mpn !== null && y.codes.includes(x.mpn) && weights.identifies(x.mpn)) return true;
  const { identifies } = xWeighed;
  for (let i = 0; i < x.codes.length; i++) {
    const code = x.codes[i] as string;
    if (identifies[i] && namingCode(code) && (y.codes.includes(code) || splitInName(code, y))) return true;
  }
  return false;
}

/** Letters and digits of `minNamingCode` characters or more, or digits of `minIdentifyingNumber`. */
function namingCode(code: string): boolean {
  return /[a-z]/.test(code)
    ? code.length >= minNamingCode && /\d/.test(code)
    : code.length >= minIdentifyingNumber;
}

/**
 * The code is spelled in y's title as words run together, one of them a code of y's own ("SX10 IS",
 * "HD 3110"): the model written with a space, not a series name followed by a number ("NexStar 3")
 * or a standard ("DECT 6.0").
 */
function splitInName(code: string, y: ProductFeatures): boolean {
  return (
    y.codes.some((own) => own.length < code.length && (code.startsWith(own) || code.endsWith(own))) &&
    spelledInName(code, y.spacedName)
  );
}

/**
 * A product without a brand field whose title starts with the other's maker ("encore software 11290
 * - scrabble" and the brand "Encore"): the makers agree as if both had the field.
 */
function namesMaker(x: ProductFeatures, y: ProductFeatures): boolean {
  const first = y.firstWord;
  if (x.brand === null || y.brand !== null || first === null) return false;
  return first === x.brand || (first.length >= minMakerWord && x.brand.startsWith(first));
}

function sameBrand(a: string, b: string): boolean {
  return a === b || a.startsWith(b) || b.startsWith(a);
}

function compareQuantities(a: Quantity[], b: Quantity[]): MatchEvidence['quantities'] {
  const agree: string[] = [];
  const conflict: string[] = [];
  if (a.length === 0 || b.length === 0) return { agree, conflict };
  // Each dimension of a once, in the order a first names it; no sets or lists built per pair.
  for (let i = 0; i < a.length; i++) {
    const { dimension } = a[i] as Quantity;
    if (namedBefore(a, i, dimension)) continue;
    let theirs = false;
    let common = false;
    for (const y of b) {
      if (y.dimension !== dimension) continue;
      theirs = true;
      for (let k = i; k < a.length && !common; k++) {
        const x = a[k] as Quantity;
        common =
          x.dimension === dimension &&
          Math.abs(x.value - y.value) <= quantityTolerance * Math.max(x.value, y.value);
      }
    }
    if (theirs) (common ? agree : conflict).push(dimension);
  }
  return { agree, conflict };
}

/** Whether a quantity before position `i` measures the dimension. */
function namedBefore(quantities: readonly Quantity[], i: number, dimension: string): boolean {
  for (let k = 0; k < i; k++) if ((quantities[k] as Quantity).dimension === dimension) return true;
  return false;
}
