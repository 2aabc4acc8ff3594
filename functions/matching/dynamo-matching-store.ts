import type { MatchingReads } from '#matching-model/matching-reads';
import {
  deleteMatchDecision,
  getMatchDecision,
  listMatchDecisions,
  matchDecisionsVersion,
  putMatchDecision,
} from './dynamo-match-decisions.ts';
import { getPairState, pairStateWriter, projectPairStates, putPairState } from './dynamo-pair-states.ts';
import type { MatchDecisionStore, PairStateStore } from './matching-store.ts';

/** The matching stores on the table (`dynamo-match-decisions.ts`) and the data bucket (`dynamo-pair-states.ts`). */

export const dynamoMatchDecisions: MatchDecisionStore = {
  list: listMatchDecisions,
  get: getMatchDecision,
  record: putMatchDecision,
  withdraw: deleteMatchDecision,
};

export const dynamoPairStates: PairStateStore = {
  get: getPairState,
  save: putPairState,
  writer: pairStateWriter,
  ofProject: projectPairStates,
};

/** What the price history and the exports read of matching, from the same items and objects. */
export const dynamoMatchingReads: MatchingReads = {
  decisions: listMatchDecisions,
  decisionsVersion: matchDecisionsVersion,
  pairStates: projectPairStates,
};
