import type { ProductFeatures } from '../describe-product.ts';
import { productTerms } from '../product-terms.ts';
import type { TermWeights } from '../weigh-terms.ts';

/**
 * Editions of one program or device line, each tier's spellings read as one ("pro" is
 * "professional"): two titles naming tiers and none in common sell two editions.
 */
const editionTiers: ReadonlyMap<string, string> = new Map([
  ['pro', 'pro'],
  ['professional', 'pro'],
  ['prof', 'pro'],
  ['standard', 'standard'],
  ['std', 'standard'],
  ['home', 'home'],
  ['premium', 'premium'],
  ['prem', 'premium'],
  ['deluxe', 'deluxe'],
  ['dlx', 'deluxe'],
  ['basic', 'basic'],
  ['ultimate', 'ultimate'],
  ['enterprise', 'enterprise'],
  ['business', 'business'],
  ['express', 'express'],
  ['elements', 'elements'],
  ['platinum', 'platinum'],
  ['gold', 'gold'],
  ['elite', 'elite'],
  ['lite', 'lite'],
  ['personal', 'personal'],
  ['suite', 'suite'],
  ['server', 'server'],
]);

/** How a licence is sold: an upgrade, an academic or an OEM copy is another offer than the full retail one. */
const licenceKinds: ReadonlyMap<string, string> = new Map([
  ['upgrade', 'upgrade'],
  ['upg', 'upgrade'],
  ['upgr', 'upgrade'],
  ['academic', 'academic'],
  ['acad', 'academic'],
  ['student', 'academic'],
  ['teacher', 'academic'],
  ['education', 'academic'],
  ['edu', 'academic'],
  ['oem', 'oem'],
  ['trial', 'trial'],
  ['volume', 'volume'],
  ['competitive', 'upgrade'],
  ['crossgrade', 'upgrade'],
]);

export const titleSignalNames = [
  'numbers_disjoint',
  'numbers_unshared',
  'numbers_one_side',
  'numbers_shared',
  'version_conflict',
  'edition_conflict',
  'edition_one_side',
  'licence_one_side',
  'unshared_max_weight',
  'unshared_weight_share',
  'price_log_ratio',
  'prices_both',
] as const;

/** The tiers or licence kinds a title names, in one spelling each. */
function kindsNamed(product: ProductFeatures, kinds: ReadonlyMap<string, string>): Set<string> {
  const named = new Set<string>();
  for (const word of product.words) {
    const kind = kinds.get(word);
    if (kind) named.add(kind);
  }
  return named;
}

/** A version or a year: one or two digits, or 1990..2039. */
const versionLike = (n: string): boolean => n.length <= 2 || /^(?:199\d|20[0-3]\d)$/.test(n);

/**
 * What the two titles say against or for each other as a kind of catalogue writes them (software
 * and electronics: versions, editions, licences, and words the catalogue uses everywhere), read by
 * the confidence's calibration rather than the learned scorer, which never saw these catalogues.
 */
export function titleSignals(a: ProductFeatures, b: ProductFeatures, weights: TermWeights): number[] {
  const aNumbers = new Set(a.numbers);
  const bNumbers = new Set(b.numbers);
  const sharedNumbers = a.numbers.filter((n) => bNumbers.has(n)).length;
  const unsharedNumbers = a.numbers.length + b.numbers.length - 2 * sharedNumbers;
  const aVersions = a.numbers.filter(versionLike);
  const bVersions = b.numbers.filter(versionLike);
  const versionConflict =
    aVersions.length > 0 &&
    bVersions.length > 0 &&
    !aVersions.some((n) => bNumbers.has(n)) &&
    !bVersions.some((n) => aNumbers.has(n));
  const aTiers = kindsNamed(a, editionTiers);
  const bTiers = kindsNamed(b, editionTiers);
  const tiersShared = [...aTiers].filter((t) => bTiers.has(t)).length;
  const aLicences = kindsNamed(a, licenceKinds);
  const bLicences = kindsNamed(b, licenceKinds);
  const licencesShared = [...aLicences].filter((t) => bLicences.has(t)).length;
  const unshared = unsharedWords(a, b, weights);
  const other = unsharedWords(b, a, weights);
  const pricesBoth =
    a.price !== null && b.price !== null && a.price > 0 && b.price > 0 && a.currency === b.currency;
  return [
    a.numbers.length > 0 && b.numbers.length > 0 && sharedNumbers === 0 ? 1 : 0,
    Math.min(unsharedNumbers, 4),
    a.numbers.length > 0 !== b.numbers.length > 0 ? 1 : 0,
    Math.min(sharedNumbers, 3),
    versionConflict ? 1 : 0,
    aTiers.size > 0 && bTiers.size > 0 && tiersShared === 0 ? 1 : 0,
    aTiers.size + bTiers.size - 2 * tiersShared,
    aLicences.size + bLicences.size - 2 * licencesShared,
    Math.max(unshared.max, other.max),
    Math.max(unshared.share, other.share),
    pricesBoth ? Math.abs(Math.log((a.price as number) / (b.price as number))) : 0,
    pricesBoth ? 1 : 0,
  ];
}

/** The heaviest word of `x` that `other` lacks, and the share of `x`'s word weight they carry. */
function unsharedWords(
  x: ProductFeatures,
  other: ProductFeatures,
  weights: TermWeights,
): { max: number; share: number } {
  const otherWords = new Set(productTerms(other).words);
  const xWeights = weights.wordWeights(x);
  let max = 0;
  let total = 0;
  let lacking = 0;
  for (let i = 0; i < x.words.length; i++) {
    const weight = (xWeights[i] as number) ** 2;
    total += weight;
    if (otherWords.has(x.words[i] as string)) continue;
    lacking += weight;
    max = Math.max(max, xWeights[i] as number);
  }
  return { max, share: total > 0 ? lacking / total : 0 };
}

/**
 * Words that name which edition, licence or part of a line a title sells, beyond the tiers and
 * licence kinds: a look-alike carrying one the reference lacks is another product of its line.
 */
const lineWords: ReadonlySet<string> = new Set([
  ...editionTiers.keys(),
  ...licenceKinds.keys(),
  'extended',
  'collectors',
  'complete',
  'essentials',
  'studio',
  'expansion',
  'family',
  'plus',
  'mini',
  'max',
  'ultra',
  'full',
  'retail',
  'single',
  'multi',
  'network',
  'site',
  'add',
  'bundle',
  'kit',
]);

/**
 * How many words say that the two are two products of one line: edition, licence and part words,
 * and versions or years (numbers of one or two digits, or years), that one title names and the
 * other lacks. Identical listings and spellings of one product say none.
 */
export function lineContradictions(a: ProductFeatures, b: ProductFeatures): number {
  const aWords = new Set(productTerms(a).words);
  const bWords = new Set(productTerms(b).words);
  const aNumbers = new Set(a.numbers);
  const bNumbers = new Set(b.numbers);
  let count = 0;
  for (const word of a.words) if (lineWords.has(word) && !bWords.has(word)) count++;
  for (const word of b.words) if (lineWords.has(word) && !aWords.has(word)) count++;
  for (const n of a.numbers) if (versionLike(n) && !bNumbers.has(n)) count++;
  for (const n of b.numbers) if (versionLike(n) && !aNumbers.has(n)) count++;
  return count;
}
