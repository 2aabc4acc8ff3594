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
 * the reference product's partner among the proposal and its alternatives (each right with its
 * confidence, taken as independent), as that pair then joins the price comparison. A sure proposal
 * or one with likely alternatives comes first; one no candidate of which is likely, last.
 */
export function reviewImpact(confidences: readonly number[]): number {
  let none = 1;
  for (const confidence of confidences) none *= 1 - Math.min(Math.max(confidence, 0), 1);
  return 1 - none;
}
