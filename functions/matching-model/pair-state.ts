import type { MatchingState } from '#match/index';

/**
 * A website pair's matching state after its last run: the engine's `MatchingState` (fingerprints,
 * matches, the review it honoured) under the pair it was made for. The next run of the pair reads
 * it, and so do the price history's change alerts (which reference a changed product is matched to).
 */
export interface PairState {
  reference_website_id: string;
  competitor_website_id: string;
  state: MatchingState;
}
