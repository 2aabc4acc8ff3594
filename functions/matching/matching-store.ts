import type { MatchingState, ProductMatch } from '#match/index';
import type { MatchDecision } from '#matching-model/match-decisions';
import type { PairState } from '#matching-model/pair-state';

/**
 * A project's review decisions, in the matching capability's words. DynamoDB behind it
 * (`dynamo-matching-store.ts`); a lost race is `false`, never a DynamoDB error.
 */
export interface MatchDecisionStore {
  /** Every review decision of the project. */
  list(projectId: string): Promise<MatchDecision[]>;
  get(projectId: string, decisionId: string): Promise<MatchDecision | null>;
  /** Records the decision; false when its pair already has one or a kept pair holds one of its products. */
  record(decision: MatchDecision): Promise<boolean>;
  /** Withdraws the decision and frees its products; false when it was withdrawn already. */
  withdraw(decision: MatchDecision): Promise<boolean>;
}

/**
 * Each website pair's matching state after its last run: the table names it, the data bucket holds
 * it. Apart from the decisions so a route that only decides reaches no bucket.
 */
export interface PairStateStore {
  /** The pair's state after its last run, or null before its first. */
  get(projectId: string, referenceId: string, competitorId: string): Promise<MatchingState | null>;
  /** Replaces the pair's state with the one `jobId` ended with. */
  save(projectId: string, pair: PairState, jobId: string): Promise<void>;
  /** `save` with the matches written a part at a time, as a sharded run's merge hands them on. */
  writer(
    projectId: string,
    pair: Omit<PairState, 'state'> & { state: Omit<MatchingState, 'matches'> },
    jobId: string,
  ): PairStateWriter;
  /** The newest state of every pair the project has matched. */
  ofProject(projectId: string): Promise<PairState[]>;
}

/** Writes a pair's state as its matches come: `add` a part of them, `finish` replaces the pair's state. */
export interface PairStateWriter {
  add(matches: readonly ProductMatch[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}
