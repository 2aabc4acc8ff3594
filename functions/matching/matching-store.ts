import type { MatchDecision } from '#core/match-decisions';
import type { MatchingState } from '#match/match-catalogs';
import type { PairState } from '#store/matching-runs';

/**
 * What the matching use cases keep, in their words: a project's review decisions and each website
 * pair's state after its last run. DynamoDB and the data bucket behind it (`dynamo-matching-store.ts`);
 * a lost race is `false`, never a DynamoDB error.
 */
export interface MatchingStore {
  /** Every review decision of the project. */
  decisions(projectId: string): Promise<MatchDecision[]>;
  decision(projectId: string, decisionId: string): Promise<MatchDecision | null>;
  /** Records the decision; false when its pair already has one or a kept pair holds one of its products. */
  recordDecision(decision: MatchDecision): Promise<boolean>;
  /** Withdraws the decision and frees its products; false when it was withdrawn already. */
  withdrawDecision(decision: MatchDecision): Promise<boolean>;
  /** The pair's state after its last run, or null before its first. */
  pairState(projectId: string, referenceId: string, competitorId: string): Promise<MatchingState | null>;
  /** Replaces the pair's state with the one `jobId` ended with. */
  savePairState(projectId: string, pair: PairState, jobId: string): Promise<void>;
  /** The newest state of every pair the project has matched. */
  pairStates(projectId: string): Promise<PairState[]>;
}
