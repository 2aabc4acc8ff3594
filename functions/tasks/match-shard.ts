import { laneTask } from '#jobs/lane-task';
import type { MatchingStep, ShardItem } from '#jobs/matching-job';
import { matchShard } from '#matching/run-matching-shards';

/** The matching lane's Map item: one shard of a website pair matched. */
export const handler = laneTask(
  (input: { job_id: string; shard: ShardItem }): Promise<MatchingStep> =>
    matchShard(input.job_id, input.shard),
);
