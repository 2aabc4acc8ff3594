import type { ProductRecord } from '#core/product-record';
import type { CatalogChunk, MergePlan, ProductMatch, ShardResult } from '#match/index';
import { getDataObject, putDataObject } from '#store/data-bucket-services';

/**
 * The shards of a matching job that the lane's Map matches, in the data bucket under
 * `matching-runs/<job>/shards/`: the plan (which website pairs, how many shards each), per pair its
 * chunks of each catalog (products, the term counts and posting lengths their lookups read), what
 * its merge needs (`MergePlan`, and each reference chunk's kept matches), and each shard's result. A shard reads two chunks; only shard
 * indices travel in the state machine's state, which holds 256 KB.
 */
const shardsPrefix = (jobId: string) => `matching-runs/${jobId}/shards`;
const planKey = (jobId: string) => `${shardsPrefix(jobId)}/plan.json`;
const mergeKey = (jobId: string, pair: number) => `${shardsPrefix(jobId)}/${pair}/merge.json`;
const chunkKey = (jobId: string, pair: number, side: ChunkSide, chunk: number) =>
  `${shardsPrefix(jobId)}/${pair}/${side}-${chunk}.json`;
const keptKey = (jobId: string, pair: number, chunk: number) =>
  `${shardsPrefix(jobId)}/${pair}/kept-${chunk}.json`;
const resultKey = (jobId: string, pair: number, shard: number) =>
  `${shardsPrefix(jobId)}/${pair}/${shard}-result.json`;

const JSON_TYPE = 'application/json; charset=utf-8';

export type ChunkSide = 'reference' | 'competitor';

/** The job's reference products, and per competitor in the job's order how many shards its pair was cut into. */
export interface ShardingPlan {
  reference_products: number;
  /** The project's `auto_accept_confidence` at the start: matches below it list their alternatives. */
  alternatives_below: number;
  /**
   * Per pair: its shards, its competitor catalog's chunks (which chunks a shard reads) and the
   * candidates a lookup keeps: what a shard reads besides its chunks.
   */
  pairs: { competitor_website_id: string; shards: number; competitor_chunks: number; candidates: number }[];
}

async function getJson<T>(key: string): Promise<T> {
  const text = await getDataObject(key);
  if (text === null) throw new Error(`The matching shard object ${key} is missing`);
  return JSON.parse(text) as T;
}

export const putShardingPlan = (jobId: string, plan: ShardingPlan) =>
  putDataObject(planKey(jobId), JSON.stringify(plan), JSON_TYPE);

export const getShardingPlan = (jobId: string) => getJson<ShardingPlan>(planKey(jobId));

export const putMergePlan = (jobId: string, pair: number, plan: MergePlan) =>
  putDataObject(mergeKey(jobId, pair), JSON.stringify(plan), JSON_TYPE);

export const getMergePlan = (jobId: string, pair: number) => getJson<MergePlan>(mergeKey(jobId, pair));

export const putChunk = (
  jobId: string,
  pair: number,
  side: ChunkSide,
  chunk: number,
  input: CatalogChunk<ProductRecord>,
) => putDataObject(chunkKey(jobId, pair, side, chunk), JSON.stringify(input), JSON_TYPE);

export const getChunk = (jobId: string, pair: number, side: ChunkSide, chunk: number) =>
  getJson<CatalogChunk<ProductRecord>>(chunkKey(jobId, pair, side, chunk));

/** A reference chunk's kept matches (`ShardPlan.kept`), written only where it holds some. */
export const putKeptMatches = (jobId: string, pair: number, chunk: number, kept: ProductMatch[]) =>
  putDataObject(keptKey(jobId, pair, chunk), JSON.stringify(kept), JSON_TYPE);

export const getKeptMatches = (jobId: string, pair: number, chunk: number) =>
  getJson<ProductMatch[]>(keptKey(jobId, pair, chunk));

export const putShardResult = (jobId: string, pair: number, shard: number, result: ShardResult) =>
  putDataObject(resultKey(jobId, pair, shard), JSON.stringify(result), JSON_TYPE);

export const getShardResult = (jobId: string, pair: number, shard: number) =>
  getJson<ShardResult>(resultKey(jobId, pair, shard));
