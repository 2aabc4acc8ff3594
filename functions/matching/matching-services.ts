import { dynamoMatchingStore } from './dynamo-matching-store.ts';
import type { MatchingStore } from './matching-store.ts';

/** The matching capability's store, the one place that says which adapter the use cases get. */
export const matchingStore: MatchingStore = dynamoMatchingStore;
