import type { MatchDecision } from './match-decisions.ts';
import type { PairState } from './pair-state.ts';

/**
 * What the capabilities below matching read of it: the price history links a changed product to
 * the reference it is matched to, and the exports lay the review decisions over a run's matches.
 * They sit below matching (matching starts jobs and writes export files), so they take this port
 * as an argument and the entries, or matching's own use cases, hand them matching's adapter
 * (`matchingReads` in `functions/matching/matching-services.ts`).
 */
export interface MatchingReads {
  /** Every review decision of the project. */
  decisions(projectId: string): Promise<MatchDecision[]>;
  /** How many times the project's decisions changed; 0 before the first. */
  decisionsVersion(projectId: string): Promise<number>;
  /** The newest state of every pair the project has matched. */
  pairStates(projectId: string): Promise<PairState[]>;
}
