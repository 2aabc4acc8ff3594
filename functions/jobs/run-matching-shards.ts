import { addCounts, NO_COUNTS } from '#core/matching-progress';
import type { ProductRecord } from '#core/product-record';
import { type MatchingState, type MatchReview, matchCatalogs } from '#match/match-catalogs';
import {
  mergeShards,
  planShards,
  readTermCounts,
  type ShardResult,
  type ShardSizes,
  shardCount,
  storeTermCounts,
} from '#match/match-in-shards';
import { jobStore } from '#store/job-store';
import { getPairState } from '#store/matching-runs';
import {
  getShardInput,
  getShardingPlan,
  getShardResult,
  putShardInput,
  putShardingPlan,
  putShardResult,
  type ShardingPlan,
} from '#store/matching-shards';
import {
  type MatchingFields,
  type MatchingJob,
  type MatchingStep,
  type ShardItem,
  STOP,
} from './matching-job.ts';
import { type PairRun, recordMatchingRuns } from './record-matching-runs.ts';

/*
 * The matching lane past one function (issue 31, point 9): the Match task cuts each website pair
 * into shards by blocking key (`planShards`) and writes them to the data bucket; the lane's Map
 * (DISTRIBUTED in AWS, in-process locally) runs `matchShard` once per shard; `mergeMatchingShards`
 * merges each pair's shards into the state and matches one run would give and records them as the
 * Match task does.
 */

/** The previous state of a pair cut to one shard's products: what its run reads. */
function previousOf(
  previous: MatchingState,
  reference: readonly ProductRecord[],
  competitor: readonly ProductRecord[],
): MatchingState {
  const fingerprints: MatchingState['fingerprints'] = {};
  for (const [websiteId, prints] of Object.entries(previous.fingerprints)) {
    const kept: Record<string, string> = {};
    for (const product of [...reference, ...competitor]) {
      const fingerprint = prints[product.url];
      if (fingerprint !== undefined) kept[product.url] = fingerprint;
    }
    fingerprints[websiteId] = kept;
  }
  const urls = new Set(reference.map((product) => product.url));
  return {
    fingerprints,
    matches: previous.matches.filter((match) => urls.has(match.reference_url)),
    ...(previous.review ? { review: previous.review } : {}),
  };
}

/** Cuts every website pair of the job into shards, writes them, and names the Map's items. */
export async function planMatchingShards(
  job: MatchingJob,
  reference: readonly ProductRecord[],
  competitors: readonly ProductRecord[][],
  review: (competitorId: string) => MatchReview,
  alternativesBelow: number,
  sizes: ShardSizes,
): Promise<MatchingStep> {
  const plan: ShardingPlan = { reference_products: reference.length, pairs: [] };
  const items: ShardItem[] = [];
  for (const [pair, competitorId] of job.competitor_website_ids.entries()) {
    const competitor = competitors[pair] ?? [];
    const previous = await getPairState(job.project_id, job.reference_website_id, competitorId);
    const shards = shardCount(reference.length, competitor.length, sizes);
    const cut = planShards(
      { website_id: job.reference_website_id, products: reference },
      { website_id: competitorId, products: competitor },
      shards,
    );
    for (const [shard, part] of cut.shards.entries()) {
      await putShardInput(job.job_id, pair, shard, {
        reference: part.reference,
        competitor: part.competitor,
        termCounts: storeTermCounts(part.termCounts),
        previous: previous && previousOf(previous, part.reference, part.competitor),
        review: review(competitorId),
        alternativesBelow,
      });
      items.push({ pair, shard });
    }
    plan.pairs.push({
      competitor_website_id: competitorId,
      shards,
      distinct_reference_products: cut.referenceProducts,
    });
  }
  await putShardingPlan(job.job_id, plan);
  return { next: 'SHARDS', shards: items };
}

/** The Map's task: matches one shard of a RUNNING job and writes its result. */
export async function matchShard(jobId: string, item: ShardItem): Promise<MatchingStep> {
  const job = await jobStore().get<MatchingFields>(jobId);
  const competitorId = job?.competitor_website_ids[item.pair];
  if (job?.status !== 'RUNNING' || competitorId === undefined) return STOP;
  const input = await getShardInput(jobId, item.pair, item.shard);
  const result = await matchCatalogs(
    { website_id: job.reference_website_id, products: input.reference },
    [{ website_id: competitorId, products: input.competitor }],
    {
      ...(input.previous ? { previous: input.previous } : {}),
      review: input.review,
      alternativesBelow: input.alternativesBelow,
      shard: { termCounts: readTermCounts(input.termCounts) },
    },
  );
  // The merge reads the shard's own lists (`result.shard`), not the matches it chose alone.
  await putShardResult(jobId, item.pair, item.shard, { ...result, matches: [] });
  return { next: 'DONE' };
}

/** After the Map: each pair's shards merged (`mergeShards`) and recorded as one run's. */
export async function mergeMatchingShards(jobId: string): Promise<MatchingStep> {
  const job = await jobStore().get<MatchingFields>(jobId);
  if (!job) return STOP;
  // A retried merge after the job moved on: the settlement picks it up where it is.
  if (job.status === 'SETTLING' || job.status === 'EXPORTING') return { next: 'SETTLE' };
  if (job.status !== 'RUNNING') return STOP;
  const plan = await getShardingPlan(jobId);
  const runs: PairRun[] = [];
  let done = NO_COUNTS;
  for (const [pair, planned] of plan.pairs.entries()) {
    const results: ShardResult[] = [];
    for (let shard = 0; shard < planned.shards; shard++)
      results.push(await getShardResult(jobId, pair, shard));
    const previous = await getPairState(
      job.project_id,
      job.reference_website_id,
      planned.competitor_website_id,
    );
    const merged = mergeShards(results, planned.distinct_reference_products, previous ?? undefined);
    done = addCounts(done, merged.counters);
    runs.push({
      reference_website_id: job.reference_website_id,
      competitor_website_id: planned.competitor_website_id,
      state: {
        fingerprints: merged.fingerprints,
        matches: merged.matches,
        review: merged.review ?? { rejected: [], kept: [] },
      },
      previous,
      websites: merged.websites,
    });
  }
  return recordMatchingRuns(job, runs, plan.reference_products, done);
}
