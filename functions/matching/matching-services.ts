import type { MatchingReads } from '#matching-model/matching-reads';
import { dynamoMatchDecisions, dynamoMatchingReads, dynamoPairStates } from './dynamo-matching-store.ts';
import type { MatchDecisionStore, PairStateStore } from './matching-store.ts';

/** The matching capability's stores, the one place that says which adapters the use cases get. */
export const matchDecisionStore: MatchDecisionStore = dynamoMatchDecisions;
export const pairStateStore: PairStateStore = dynamoPairStates;
/** Handed by the entries to the price history and the exports, which sit below matching. */
export const matchingReads: MatchingReads = dynamoMatchingReads;
