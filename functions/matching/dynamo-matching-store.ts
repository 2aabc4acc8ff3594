import {
  deleteMatchDecision,
  getMatchDecision,
  listMatchDecisions,
  putMatchDecision,
} from '#store/match-decisions';
import { getPairState, projectPairStates, putPairState } from '#store/matching-runs';
import type { MatchingStore } from './matching-store.ts';

/**
 * The matching store on the table and the data bucket. The decision and pair-state modules stay in
 * `store` because the price history and the exports read them too, below this capability.
 */
export const dynamoMatchingStore: MatchingStore = {
  decisions: listMatchDecisions,
  decision: getMatchDecision,
  recordDecision: putMatchDecision,
  withdrawDecision: deleteMatchDecision,
  pairState: getPairState,
  savePairState: putPairState,
  pairStates: projectPairStates,
};
