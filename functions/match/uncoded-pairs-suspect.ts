/** A pair scoring this much is sure: it shares most of its weighted title or agrees by a code. */
const sureScore = 0.7;

/** Fewer sure pairs than this tell nothing of how a website pair's matches are told. */
const minSurePairs = 20;

/**
 * Whether a pair agreeing by no identifier is suspect between two shops. The calibration reads it
 * (`MatchSignals.uncodedSuspect`), so such a pair waits for review unless its other signals make
 * it sure. Two things make it so together, read from the reference products' best pairs:
 * - identifiers tell the matches: most sure pairs agree by a GTIN or a model code, so a true match
 *   mostly agrees by one too;
 * - the other shop sells few of the reference products: fewer than half have a sure pair, so a
 *   product's best look-alike is as often a sibling of a product the other shop does not sell (a
 *   case for another team, the Da-Plex screen for the Da-Glas one) as the product.
 * On walmart-amazon 91 % of the sure pairs agree by a code and 34 % of the reference products have
 * one. On amazon-google (software titles, few codes) a pair without a code is the rule, and 57 %
 * of the reference products have a sure pair: its uncoded pairs are no more suspect than any.
 */
export function uncodedPairsSuspect(
  bestPairs: Iterable<{ score: number; coded: boolean }>,
  referenceProducts: number,
): boolean {
  return suspectFromSurePairs(countSurePairs(bestPairs), referenceProducts);
}

/** The reference products whose best pair is sure, and how many of those agree by an identifier. */
export interface SurePairs {
  sure: number;
  coded: number;
}

/** Counts the sure pairs among the reference products' best pairs: shards' counts add up. */
export function countSurePairs(bestPairs: Iterable<{ score: number; coded: boolean }>): SurePairs {
  let sure = 0;
  let coded = 0;
  for (const pair of bestPairs) {
    if (pair.score < sureScore) continue;
    sure++;
    if (pair.coded) coded++;
  }
  return { sure, coded };
}

/** `uncodedPairsSuspect` from the sure pairs counted over all reference products. */
export function suspectFromSurePairs({ sure, coded }: SurePairs, referenceProducts: number): boolean {
  return sure >= minSurePairs && coded > sure / 2 && sure < referenceProducts / 2;
}
