import { laneTask } from '#jobs/lane-task';
import type { MatchingStep } from '#jobs/matching-job';
import { mergeMatchingShards } from '#matching/run-matching-shards';

/** The matching lane's Merge state, after the Map: the shards' results recorded as one run's. */
export const handler = laneTask(
  (input: { job_id: string }): Promise<MatchingStep> => mergeMatchingShards(input.job_id),
);
