import { DEFAULT_AUTO_ACCEPT_CONFIDENCE } from '#core/match-bands';
import type { ProductRecord } from '#core/product-record';
import { jobStore } from '#jobs/job-services';
import {
  type MatchingFields,
  type MatchingJob,
  type MatchingStep,
  progressOf,
  STOP,
} from '#jobs/matching-job';
import { progressWriter } from '#jobs/progress-writer';
import { isSharded, type MatchReview, matchCatalogs } from '#match/index';
import { isKept, orient } from '#matching-model/match-decisions';
import {
  addCounts,
  type MatchingCounts,
  matchingProgress,
  NO_COUNTS,
} from '#matching-model/matching-progress';
import { projectStore } from '#projects/project-services';
import type { CatalogPointer } from '#websites/catalog';
import { catalogStore } from '#websites/catalog-services';
import { websiteStore } from '#websites/website-services';
import { matchDecisionStore, matchingShardSizes, pairStateStore } from './matching-services.ts';
import { type PairRun, recordMatchingRuns } from './record-matching-runs.ts';
import { planMatchingShards } from './run-matching-shards.ts';

/*
 * The matching lane's work is one module per task (this one, settle-matching.ts, finish-matching.ts).
 * Like the scrape lane's, each moves the job itself with conditional writes, so a retried task finds
 * its step done or redoes it whole.
 */

/** Products matched between two progress writes. */
const PROGRESS_EVERY = 25;

const fail = (error: string, errorCode: string): MatchingStep => ({
  next: 'FAIL',
  failure: { error, error_code: errorCode, contact_reason: null },
});

/** The newest whole catalog of each website of the job, or why the job cannot run. */
async function loadCatalogs(job: MatchingJob): Promise<{ pointers: CatalogPointer[] } | MatchingStep> {
  const ids = [job.reference_website_id, ...job.competitor_website_ids];
  const present = await websiteStore.existingIds(ids);
  if (ids.some((id) => !present.has(id))) {
    return fail('A website of the job was removed from the project.', 'WEBSITE_REMOVED');
  }
  const pointers = await Promise.all(ids.map((id) => catalogStore.latest(id)));
  if (pointers.some((pointer) => pointer === null)) {
    return fail('A website of the job has no catalog any more.', 'NO_CATALOG');
  }
  return { pointers: pointers as CatalogPointer[] };
}

/**
 * The project's decisions on pairs of the job's reference website with one competitor, whichever
 * website a decision named the reference: the engine honours them, so a rejected pair is never
 * proposed again and its products get their next-best partner.
 */
async function reviewOf(job: MatchingJob): Promise<(competitorId: string) => MatchReview> {
  const decisions = (await matchDecisionStore.list(job.project_id)).map((decision) =>
    orient(decision, job.reference_website_id),
  );
  return (competitorId) => {
    const review: MatchReview = { rejected: [], kept: [] };
    for (const decision of decisions) {
      if (
        decision.reference_website_id !== job.reference_website_id ||
        decision.competitor_website_id !== competitorId
      )
        continue;
      const pair = {
        reference_url: decision.reference_url,
        website_id: competitorId,
        url: decision.competitor_url,
      };
      (isKept(decision) ? review.kept : review.rejected).push(pair);
    }
    return review;
  };
}

/**
 * RUNNING: matches the reference catalog (a sample: its first products) with each competitor's,
 * pair by pair, from the pair's previous state so unchanged products are skipped; writes live
 * progress, the pairs' new states (not for a sample, which saw only part of the reference) and the
 * job's matches.
 */
export async function matchProducts(jobId: string): Promise<MatchingStep> {
  let job = await jobStore().get<MatchingFields>(jobId);
  if (!job) return STOP;
  // A lane started again after the matches were made (a restarted local service) resumes at the
  // settlement, which picks up a SETTLING or EXPORTING job where it is.
  if (job.status === 'SETTLING' || job.status === 'EXPORTING') return { next: 'SETTLE' };
  const loading = matchingProgress(NO_COUNTS, 'LOADING_CATALOGS', 0);
  if (job.status === 'APPROVED') {
    job = await jobStore().move<MatchingFields>(job, 'RUNNING', { set: { matching_progress: loading } });
  } else if (job.status === 'RUNNING') {
    // A sample starts RUNNING; a retried task starts again from the beginning.
    if (!(await jobStore().updateIn<MatchingFields>(jobId, 'RUNNING', { matching_progress: loading })))
      return STOP;
  } else return STOP;
  if (!job) return STOP;

  const loaded = await loadCatalogs(job);
  if ('next' in loaded) return loaded;
  const catalogs = await Promise.all(loaded.pointers.map((pointer) => catalogStore.read(pointer)));
  const [referenceAll = [], ...competitorCatalogs] = catalogs;
  const reference: ProductRecord[] =
    job.sample_products === null ? referenceAll : referenceAll.slice(0, job.sample_products);
  const total = reference.length * job.competitor_website_ids.length;

  const startedAt = new Date().toISOString();
  job = { ...job, matching_started_at: startedAt };
  const starting = progressOf(job, { ...NO_COUNTS, products_total: total }, 'MATCHING_PRODUCTS');
  const matchingSet = { matching_started_at: startedAt, matching_progress: starting };
  if (!(await jobStore().updateIn<MatchingFields>(jobId, 'RUNNING', matchingSet))) return STOP;
  const running = job;
  const progress = progressWriter((counts: MatchingCounts) =>
    jobStore().updateIn<MatchingFields>(jobId, 'RUNNING', {
      matching_progress: progressOf(running, { ...counts, products_total: total }, 'MATCHING_PRODUCTS'),
    }),
  );

  const review = await reviewOf(job);
  // The matches waiting for review list their alternatives; a threshold raised after the run finds none on the matches it moves to review.
  const autoAccept =
    (await projectStore.get(job.project_id))?.auto_accept_confidence ?? DEFAULT_AUTO_ACCEPT_CONFIDENCE;
  // A pair past one function's memory is matched in shards by the lane's Map; a job with one such
  // pair sends all its pairs there (a small pair is one shard), so one merge records them all.
  const sizes = matchingShardSizes();
  const sharded = competitorCatalogs.some((catalog) => isSharded(reference.length, catalog.length, sizes));
  if (job.sample_products === null && sharded) {
    if (!(await progress.settle())) return STOP;
    return planMatchingShards(running, reference, competitorCatalogs, review, autoAccept, sizes);
  }
  let done = NO_COUNTS;
  const runs: PairRun[] = [];
  for (const [index, competitorId] of job.competitor_website_ids.entries()) {
    const previous = await pairStateStore.get(job.project_id, job.reference_website_id, competitorId);
    const before = done;
    const result = await matchCatalogs(
      { website_id: job.reference_website_id, products: reference },
      [{ website_id: competitorId, products: competitorCatalogs[index] ?? [] }],
      {
        ...(previous ? { previous } : {}),
        review: review(competitorId),
        progressEvery: PROGRESS_EVERY,
        alternativesBelow: autoAccept,
      },
      (counters) => progress.report(addCounts(before, counters)),
    );
    if (progress.signal.aborted) break;
    done = addCounts(before, result.counters);
    runs.push({
      reference_website_id: job.reference_website_id,
      competitor_website_id: competitorId,
      state: { fingerprints: result.fingerprints, matches: result.matches, review: review(competitorId) },
      previous,
      websites: result.websites,
    });
  }
  if (!(await progress.settle())) return STOP;
  return recordMatchingRuns(running, runs, reference.length, done);
}
