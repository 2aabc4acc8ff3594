import type { ShardSizes } from '#match/index';
import type { MatchingReads } from '#matching-model/matching-reads';
import { onFirstUse, setting } from '#platform/config';
import { dynamoMatchDecisions, dynamoMatchingReads, dynamoPairStates } from './dynamo-matching-store.ts';
import type { MatchDecisionStore, PairStateStore } from './matching-store.ts';

/** The matching capability's stores, the one place that says which adapters the use cases get. */
export const matchDecisionStore: MatchDecisionStore = dynamoMatchDecisions;
export const pairStateStore: PairStateStore = dynamoPairStates;
/** Handed by the entries to the price history and the exports, which sit below matching. */
export const matchingReads: MatchingReads = dynamoMatchingReads;

/** When a website pair is matched in shards, and how large they are: the stage's settings. */
export const matchingShardSizes = onFirstUse(
  (): ShardSizes => ({
    above: setting('MATCHING_SHARD_ABOVE'),
    perShard: setting('MATCHING_SHARD_PRODUCTS'),
  }),
);
