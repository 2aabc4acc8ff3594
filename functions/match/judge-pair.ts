import { type BoostedTrees, predictProbability } from './boosted-trees.ts';
import { priceFactor } from './compare-prices.ts';
import { compareProducts, type MatchEvidence, type PairScore } from './compare-products.ts';
import type { ProductFeatures } from './describe-product.ts';
import { pairFeatures } from './pair-features.ts';
import { committedPairScorer } from './pair-scorer.ts';
import type { TermWeights } from './weigh-terms.ts';

/** The rule's score below which the geometric mean stays under 0.3, the lowest accepted score. */
const minLearnedScore = 0.09;

/**
 * Two colours of one model ("Blue" / "Silver"), or an accessory for two devices ("iPod Touch" /
 * "iPhone 4"), halve the assignment score as a conflict does; the learned scorer reads the names'
 * words and judges them itself, so its input is left as it was.
 */
const variantFactor = 0.5;

/**
 * A pack of several pieces against a title that names none lowers the assignment score by a
 * quarter, so the offer sold as the reference is sold wins over a pack of it, or the single piece
 * over a pack. Less than a conflict, as a title does not always say it sells one piece of several;
 * the learned scorer reads it as a feature.
 */
const packFactor = 0.75;

/**
 * A sibling variant (size M against size L of one model) lowers the assignment score by a fifth:
 * enough that a shop's same variant wins over its 300 siblings, little enough that where the shop
 * sells only other variants the model is still matched, flagged `variant_differs` in the exports.
 */
const siblingFactor = 0.8;

/** A year, "2007": one written in both names names an edition that a series' every product shares. */
const year = /^(?:19|20)\d\d$/;

export interface PairJudgement {
  /** What the one-to-one assignment ranks and thresholds, 0..1; lowered where prices are far apart. */
  score: number;
  /**
   * How likely the two are the same product, 0..1, and the engine's decision for a pair on its own
   * (same product from 0.5): 1/0 where GTINs decide, else the learned scorer's probability, which
   * reads the rules' evidence and score among its features; where the brands differ, no more than
   * the rule's score, as the learned scorer never saw a brand field.
   */
  confidence: number;
  evidence: MatchEvidence;
}

/**
 * Scores a pair by the rules (`compareProducts`) and by the learned scorer. GTINs and shared codes
 * decide by the rules. Where the rules run out (no GTIN, no shared code but a year) and the makers
 * agree (same brand, or the same first word and no brand conflict), the score is the geometric
 * mean of the rule's score and the learned probability: the learned scorer knows titles of one
 * model written very differently, but it learned from offers without a brand field, so it is not
 * trusted across makers, where it would pair look-alikes of two brands. Without `withConfidence`
 * the confidence may be left out (NaN) where it does not change the score, and the evidence lists
 * no shared words.
 * Where GTINs do not decide, prices far apart (`priceFactor`), names of two colours or devices and
 * a pack against a title naming none lower the score, not the confidence: they lean the choice
 * between look-alikes, while the confidence stays the decision on what the two products are.
 * `scorer` is the learned model, the committed one unless given. `known` is the confidence an
 * earlier judgement of this pair computed (NaN or absent where it did not): the evidence is the
 * same, so the model is not run again.
 */
export function judgePair(
  a: ProductFeatures,
  b: ProductFeatures,
  weights: TermWeights,
  withConfidence: boolean,
  scorer: BoostedTrees = committedPairScorer,
  known?: number,
): PairJudgement {
  const rule = compareProducts(a, b, weights, withConfidence);
  const { evidence } = rule;
  if (evidence.gtin !== null) return { score: rule.score, confidence: rule.score, evidence };
  const makersAgree =
    evidence.brand === 'equal' ||
    (evidence.brand === null && a.firstWord !== null && a.firstWord === b.firstWord);
  // A shared year ("Finale 2007" / "MakeMusic Finale 2007 Academic") is no model: it leaves the
  // decision to the words as no shared code does.
  const runOut = evidence.codes.every((code) => year.test(code)) && makersAgree;
  // Blocking scores many pairs: there the learned scorer runs only where it changes the score and
  // the pair could still be accepted (the mean cannot reach the margin rule's 0.3 from below 0.09).
  const leaned =
    priceFactor(evidence.priceRatio ?? null) *
    (evidence.colourConflict ? variantFactor : 1) *
    (evidence.deviceConflict ? variantFactor : 1) *
    (evidence.packConflict ? packFactor : 1) *
    (evidence.variantConflict ? siblingFactor : 1);
  if (!withConfidence && (!runOut || rule.score < minLearnedScore))
    return { score: rule.score * leaned, confidence: Number.NaN, evidence };
  const confidence = known === undefined || Number.isNaN(known) ? decide(a, b, weights, rule, scorer) : known;
  const score = runOut ? Math.sqrt(rule.score * confidence) : rule.score;
  return { score: score * leaned, confidence, evidence };
}

/** The learned probability, where the brands differ no more than the rule's score. */
function decide(
  a: ProductFeatures,
  b: ProductFeatures,
  weights: TermWeights,
  rule: PairScore,
  scorer: BoostedTrees,
): number {
  const learned = predictProbability(scorer, pairFeatures(a, b, weights, rule.evidence, rule.score));
  return rule.evidence.brand === 'conflict' ? Math.min(learned, rule.score) : learned;
}
