import { compareProducts, type MatchEvidence } from './compare-products.ts';
import type { ProductFeatures } from './describe-product.ts';
import { pairFeatures } from './pair-features.ts';
import { scorePair } from './pair-scorer.ts';
import type { TermWeights } from './weigh-terms.ts';

/** The rule's score below which the geometric mean stays under 0.3, the lowest accepted score. */
const minLearnedScore = 0.09;

export interface PairJudgement {
  /** What the one-to-one assignment ranks and thresholds, 0..1. */
  score: number;
  /** How likely the two are the same product, 0..1: the learned scorer's probability, or 1/0 where GTINs decide. */
  confidence: number;
  evidence: MatchEvidence;
}

/**
 * Scores a pair by the rules (`compareProducts`) and by the learned scorer. GTINs and shared codes
 * decide by the rules. Where the rules run out (no GTIN, no shared code) and the makers agree (same
 * brand, or the same first word and no brand conflict), the score is the geometric mean of the
 * rule's score and the learned probability: the learned scorer knows titles of one model written
 * very differently, but it learned from offers without a brand field, so it is not trusted across
 * makers, where it would pair look-alikes of two brands. Without `withConfidence` the confidence
 * may be left out (NaN) where it does not change the score.
 */
export function judgePair(
  a: ProductFeatures,
  b: ProductFeatures,
  weights: TermWeights,
  withConfidence: boolean,
): PairJudgement {
  const rule = compareProducts(a, b, weights);
  const { evidence } = rule;
  if (evidence.gtin !== null) return { score: rule.score, confidence: rule.score, evidence };
  const makersAgree =
    evidence.brand === 'equal' ||
    (evidence.brand === null && a.firstWord !== null && a.firstWord === b.firstWord);
  const runOut = evidence.codes.length === 0 && makersAgree;
  // Blocking scores many pairs: there the learned scorer runs only where it changes the score and
  // the pair could still be accepted (the mean cannot reach the margin rule's 0.3 from below 0.09).
  if (!withConfidence && (!runOut || rule.score < minLearnedScore))
    return { score: rule.score, confidence: Number.NaN, evidence };
  const confidence = scorePair(pairFeatures(a, b, weights, evidence));
  return { score: runOut ? Math.sqrt(rule.score * confidence) : rule.score, confidence, evidence };
}
