import type { ProductRecord } from '#core/product-record';
import type { MatchingState, MatchReview } from '#match/match-catalogs';
import type { ShardResult, StoredTermCounts } from '#match/match-in-shards';
import { getDataObject, putDataObject } from './data-bucket.ts';

/**
 * The shards of a matching job that the lane's Map matches, in the data bucket under
 * `matching-runs/<job>/shards/`: the plan (which website pairs, how many shards each), each shard's
 * input (its products of both catalogs, the term counts of the whole pair, the previous state and
 * the review of its products) and each shard's result. Only shard indices travel in the state
 * machine's state, which holds 256 KB.
 */
const shardsPrefix = (jobId: string) => `matching-runs/${jobId}/shards`;
const planKey = (jobId: string) => `${shardsPrefix(jobId)}/plan.json`;
const inputKey = (jobId: string, pair: number, shard: number) =>
  `${shardsPrefix(jobId)}/${pair}/${shard}-input.json`;
const resultKey = (jobId: string, pair: number, shard: number) =>
  `${shardsPrefix(jobId)}/${pair}/${shard}-result.json`;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The job's reference products, and per competitor in the job's order how many shards its pair was cut into. */
export interface ShardingPlan {
  reference_products: number;
  pairs: { competitor_website_id: string; shards: number; distinct_reference_products: number }[];
}

/** What one shard's task needs besides the job. */
export interface ShardInput {
  reference: ProductRecord[];
  competitor: ProductRecord[];
  termCounts: StoredTermCounts;
  previous: MatchingState | null;
  review: MatchReview;
  alternativesBelow: number;
}

async function getJson<T>(key: string): Promise<T> {
  const text = await getDataObject(key);
  if (text === null) throw new Error(`The matching shard object ${key} is missing`);
  return JSON.parse(text) as T;
}

export const putShardingPlan = (jobId: string, plan: ShardingPlan) =>
  putDataObject(planKey(jobId), JSON.stringify(plan), JSON_TYPE);

export const getShardingPlan = (jobId: string) => getJson<ShardingPlan>(planKey(jobId));

export const putShardInput = (jobId: string, pair: number, shard: number, input: ShardInput) =>
  putDataObject(inputKey(jobId, pair, shard), JSON.stringify(input), JSON_TYPE);

export const getShardInput = (jobId: string, pair: number, shard: number) =>
  getJson<ShardInput>(inputKey(jobId, pair, shard));

export const putShardResult = (jobId: string, pair: number, shard: number, result: ShardResult) =>
  putDataObject(resultKey(jobId, pair, shard), JSON.stringify(result), JSON_TYPE);

export const getShardResult = (jobId: string, pair: number, shard: number) =>
  getJson<ShardResult>(resultKey(jobId, pair, shard));
