import {
  deleteMatchDecision,
  getMatchDecision,
  listMatchDecisions,
  putMatchDecision,
} from '#store/match-decisions';
import { getPairState, pairStateWriter, projectPairStates, putPairState } from '#store/matching-runs';
import type { MatchDecisionStore, PairStateStore } from './matching-store.ts';

/*
 * The matching stores on the table and the data bucket. The decision and pair-state modules stay in
 * `store` because the price history and the exports read them too, below this capability.
 */

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
