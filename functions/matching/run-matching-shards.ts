import type { ProductRecord } from '#core/product-record';
import { runMatchesWriter } from '#exports/run-matches';
import { jobStore } from '#jobs/job-services';
import {
  type MatchingFields,
  type MatchingJob,
  type MatchingStep,
  type ShardItem,
  STOP,
} from '#jobs/matching-job';
import {
  chunksOfShard,
  type MatchReview,
  matchingDefaults,
  matchShard as matchOneShard,
  mergeShardsByChunk,
  planShards,
  type ShardSizes,
  shardsOf,
} from '#match/index';
import { addCounts, NO_COUNTS } from '#matching-model/matching-progress';
import { matchRecord } from './match-record.ts';
import { pairStateStore } from './matching-services.ts';
import {
  getChunk,
  getKeptMatches,
  getMergePlan,
  getShardingPlan,
  getShardResult,
  putChunk,
  putKeptMatches,
  putMergePlan,
  putShardingPlan,
  putShardResult,
  type ShardingPlan,
} from './matching-shards.ts';
import { type PairRunCounts, recordMatchingProgress } from './record-matching-runs.ts';

/*
 * The matching lane past one function (issue 31, point 9): the Match task cuts each website pair
 * into chunks of each catalog (`planShards`) and writes them to the data bucket; the lane's Map
 * (DISTRIBUTED in AWS, in-process locally) runs `matchShard` once per shard, a reference chunk and
 * a competitor chunk; `mergeMatchingShards` merges each pair's shards into the state and matches
 * one run gives and records them as the Match task does.
 */

/** Cuts every website pair of the job into chunks, writes them, and names the Map's items. */
export async function planMatchingShards(
  job: MatchingJob,
  reference: readonly ProductRecord[],
  competitors: readonly ProductRecord[][],
  review: (competitorId: string) => MatchReview,
  alternativesBelow: number,
  sizes: ShardSizes,
): Promise<MatchingStep> {
  const plan: ShardingPlan = {
    reference_products: reference.length,
    alternatives_below: alternativesBelow,
    pairs: [],
  };
  const items: ShardItem[] = [];
  for (const [pair, competitorId] of job.competitor_website_ids.entries()) {
    const previous = await pairStateStore.get(job.project_id, job.reference_website_id, competitorId);
    const cut = planShards(
      { website_id: job.reference_website_id, products: reference },
      { website_id: competitorId, products: competitors[pair] ?? [] },
      sizes,
      {
        ...(previous ? { previous } : {}),
        review: review(competitorId),
        candidates: matchingDefaults.candidates,
      },
    );
    for (const [i, chunk] of cut.reference.entries()) await putChunk(job.job_id, pair, 'reference', i, chunk);
    for (const [i, chunk] of cut.competitor.entries())
      await putChunk(job.job_id, pair, 'competitor', i, chunk);
    await putMergePlan(job.job_id, pair, cut.merge);
    for (const [i, kept] of cut.kept.entries())
      if (kept.length > 0) await putKeptMatches(job.job_id, pair, i, kept);
    const shards = shardsOf(cut.merge);
    for (let shard = 0; shard < shards; shard++) items.push({ pair, shard });
    plan.pairs.push({
      competitor_website_id: competitorId,
      shards,
      competitor_chunks: cut.merge.competitorChunks,
      candidates: cut.merge.candidates,
    });
  }
  await putShardingPlan(job.job_id, plan);
  return { next: 'SHARDS', shards: items };
}

/** The Map's task: matches one shard of a RUNNING job and writes its result. */
export async function matchShard(jobId: string, item: ShardItem): Promise<MatchingStep> {
  const job = await jobStore().get<MatchingFields>(jobId);
  if (job?.status !== 'RUNNING' || job.competitor_website_ids[item.pair] === undefined) return STOP;
  // The sharding plan, not the pair's merge plan, which holds every product's fingerprint.
  const planned = (await getShardingPlan(jobId)).pairs[item.pair];
  if (!planned) return STOP;
  const { reference, competitor } = await chunksOf(jobId, item.pair, item.shard, {
    competitorChunks: planned.competitor_chunks,
  });
  await putShardResult(
    jobId,
    item.pair,
    item.shard,
    matchOneShard(reference, competitor, planned.candidates),
  );
  return { next: 'DONE' };
}

const chunksOf = async (
  jobId: string,
  pair: number,
  shard: number,
  merge: Parameters<typeof chunksOfShard>[0],
) => {
  const at = chunksOfShard(merge, shard);
  return {
    reference: await getChunk(jobId, pair, 'reference', at.reference),
    competitor: await getChunk(jobId, pair, 'competitor', at.competitor),
  };
};

/**
 * After the Map: each pair's shards merged (`mergeShardsByChunk`) and recorded as one run's, its
 * matches written as the merge hands them on, a reference chunk at a time, to the pair's state and
 * the job's matches: the merge never holds a whole result, most of a large pair's memory.
 */
export async function mergeMatchingShards(jobId: string): Promise<MatchingStep> {
  const job = await jobStore().get<MatchingFields>(jobId);
  if (!job) return STOP;
  // A retried merge after the job moved on: the settlement picks it up where it is.
  if (job.status === 'SETTLING' || job.status === 'EXPORTING') return { next: 'SETTLE' };
  if (job.status !== 'RUNNING') return STOP;
  const plan = await getShardingPlan(jobId);
  const runs: PairRunCounts[] = [];
  let done = NO_COUNTS;
  const jobMatches = runMatchesWriter(jobId);
  for (const [pair, planned] of plan.pairs.entries()) {
    // The plan says what the merge needs of the previous state: the state itself, its matches with
    // their evidence, is not read, as it grows with the catalogs.
    const merge = await getMergePlan(jobId, pair);
    // Read one at a time: the merge holds each query's best candidates, not the shards' results.
    async function* results() {
      for (let shard = 0; shard < planned.shards; shard++) yield await getShardResult(jobId, pair, shard);
    }
    // A sample saw only part of the reference: its pairs' states stay as they were.
    const state =
      job.sample_products === null
        ? pairStateStore.writer(
            job.project_id,
            {
              reference_website_id: job.reference_website_id,
              competitor_website_id: planned.competitor_website_id,
              state: { fingerprints: merge.fingerprints, review: merge.review },
            },
            jobId,
          )
        : null;
    const merged = await mergeShardsByChunk(
      merge,
      results(),
      (shard) => chunksOf(jobId, pair, shard, merge),
      (chunk) => getKeptMatches(jobId, pair, chunk),
      { rule: matchingDefaults.acceptance, alternativesBelow: plan.alternatives_below },
      async (matches) => {
        await state?.add(matches);
        await jobMatches.add(matches.map((match) => matchRecord(job.reference_website_id, match)));
      },
    )
      .then(async (result) => {
        await state?.finish();
        return result;
      })
      .catch(async (error: unknown) => {
        // An upload given up; what an abort that fails leaves, the bucket's lifecycle removes.
        await Promise.allSettled([state?.abort(), jobMatches.abort()]);
        throw error;
      });
    done = addCounts(done, merged.counters);
    const urls = Object.keys(merge.fingerprints[job.reference_website_id] ?? {});
    runs.push({
      modifiedReference: merge.modifiedReference.map((at) => urls[at] as string),
      websites: merged.websites,
    });
  }
  await jobMatches.finish();
  return recordMatchingProgress(job, runs, plan.reference_products, done);
}
