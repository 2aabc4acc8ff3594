/**
 * Bands of the engine's proposals: `auto` (accepted without review: confidence at or above the
 * project's `auto_accept_confidence`) and `review` (waiting for a person). The price comparison and
 * the change alerts trust `auto`, `accepted` and `manual` pairs only.
 */
export type ProposalBand = 'auto' | 'review';

/**
 * The default `auto_accept_confidence`: on the catalogue benchmarks, by cross-validation, the
 * matches from this calibrated confidence are right at 0.99 or more (docs/decisions.md, issue 31).
 */
export const DEFAULT_AUTO_ACCEPT_CONFIDENCE = 0.95;

/**
 * Below this confidence a proposal is no candidate: its reference product is `NO_MATCH` in the
 * price comparison, like one the engine proposed nothing for (issue 31, point 3).
 */
export const NO_MATCH_CONFIDENCE = 0.2;

/** A proposal's band. A proposal of an older run without a confidence waits for review. */
export function proposalBand(confidence: number | undefined, autoAcceptConfidence: number): ProposalBand {
  return confidence !== undefined && confidence >= autoAcceptConfidence ? 'auto' : 'review';
}

/**
 * How much deciding a review item would change the result: the probability that the reviewer finds
 * the reference product's partner, which then joins the price comparison: the proposal is right,
 * or, it being wrong, the likeliest alternative is. The first confidence is the proposal's, the rest
 * its alternatives'. At most one partner is right, and the alternatives' confidences were calibrated
 * on chosen matches, not on runners-up, so only the best of them counts.
 */
export function reviewImpact([proposal = 0, ...alternatives]: readonly number[]): number {
  const best = Math.max(0, ...alternatives);
  return proposal + (1 - proposal) * best;
}
