import { createHash } from 'node:crypto';
import { freeAllowances } from '#billing/ledger-services';
import { newId } from '#core/ids';
import { type JobLock, newJobRecord } from '#core/job-record';
import { initialState } from '#core/lanes';
import { type Estimate, estimateJob } from '#core/pricing';
import { Conflict, NotFound } from '#core/problem';
import { announceNewJob } from '#jobs/job-events';
import { jobStore } from '#jobs/job-services';
import type { MatchingFields, MatchingJob } from '#jobs/matching-job';
import { startLane } from '#jobs/start-lane';
import { priceList } from '#platform/stage-services';
import type { Project } from '#projects/project';
import type { CatalogPointer } from '#websites/catalog';
import { catalogStore } from '#websites/catalog-services';
import { websiteStore } from '#websites/website-services';

export interface MatchingRequest {
  reference_website_id: string;
  /** Distinct, without the reference (the HTTP layer checks both). */
  competitor_website_ids: string[];
  sample?: boolean;
}

export interface MatchingCreation {
  job: MatchingJob;
  /** False when an unfinished identical job was returned instead (the 200 case). */
  created: boolean;
}

/** A free sample matches the first this many products of the reference catalog against each competitor. */
export const SAMPLE_REFERENCE_PRODUCTS = 100;

/** A racing create is answered by reading again; a few rounds settle any race. */
const MAX_ATTEMPTS = 5;

/**
 * Every website of the request must be in the project (404 WEBSITE_NOT_FOUND) and have a whole
 * catalog to match (409 NO_CATALOG). Returns the reference catalog.
 */
export async function matchableCatalogs(
  projectId: string,
  websiteIds: readonly string[],
): Promise<CatalogPointer[]> {
  const websites = await Promise.all(websiteIds.map((id) => websiteStore.get(id)));
  const missing = websiteIds.filter((_, i) => websites[i]?.project_id !== projectId);
  if (missing.length > 0) throw NotFound('WEBSITE_NOT_FOUND', `No such website: ${missing.join(', ')}.`);
  const catalogs = await Promise.all(websiteIds.map((id) => catalogStore.latest(id)));
  const without = websiteIds.filter((_, i) => !catalogs[i]);
  if (without.length > 0) {
    throw Conflict(
      'NO_CATALOG',
      `These websites have no whole catalog to match yet; run a FULL scrape of them first: ${without.join(', ')}.`,
    );
  }
  return catalogs as CatalogPointer[];
}

/** The quote at the reference catalog's current size: per 1000 reference products times competitors. */
export const matchingQuote = (referenceProducts: number, competitorCount: number): Estimate =>
  estimateJob({ lane: 'MATCHING', referenceProducts, competitorCount }, priceList());

/** Identical requests (same reference, same set of competitors, same sample flag) share one lock. */
function requestKey(request: MatchingRequest): string {
  const competitors = [...request.competitor_website_ids].sort();
  return createHash('sha256')
    .update(JSON.stringify([request.reference_website_id, competitors, request.sample === true]))
    .digest('base64url');
}

/**
 * Creates a matching job: a paid one waits for approval with its quote; the project's free sample
 * (the first SAMPLE_REFERENCE_PRODUCTS reference products, once per project) runs at once and costs
 * nothing. An unfinished identical job is returned instead of a second one.
 */
export async function createMatchingJob(
  project: Project,
  request: MatchingRequest,
): Promise<MatchingCreation> {
  const customerId = project.customer_id;
  if (!customerId) throw new Error(`Project ${project.project_id} has no customer to bill`);
  const sample = request.sample === true;
  const lock: JobLock = {
    lock: 'MATCHING',
    project_id: project.project_id,
    request_key: requestKey(request),
  };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const open = await jobStore().holding<MatchingFields>(lock);
    if (open) return { job: open, created: false };
    const [reference] = await matchableCatalogs(project.project_id, [
      request.reference_website_id,
      ...request.competitor_website_ids,
    ]);
    if (sample && (await freeAllowances.sampleTaken(project.project_id))) throw sampleUsed();
    const job = newMatchingJob(project.project_id, customerId, request, reference as CatalogPointer, lock);
    const stored = await jobStore().create(
      job,
      sample ? [freeAllowances.takeSample(project.project_id, job.job_id)] : [],
    );
    // Another create took the lock (or the sample): read again.
    if (!stored) continue;
    await announceNewJob(stored);
    if (sample) await startSample(stored);
    return { job: stored, created: true };
  }
  throw new Error(`Creating a matching job in ${project.project_id} kept racing with other creates`);
}

const sampleUsed = () =>
  Conflict(
    'SAMPLE_ALREADY_USED',
    'The project has had its free matching sample; create a matching job without `sample` and approve its quote.',
  );

const startSample = (job: MatchingJob) =>
  startLane('matching', job.job_id, 'The matching could not be started; please create the sample again.');

function newMatchingJob(
  projectId: string,
  customerId: string,
  request: MatchingRequest,
  reference: CatalogPointer,
  lock: JobLock,
): MatchingJob {
  const now = new Date().toISOString();
  const sample = request.sample === true;
  return {
    ...newJobRecord({
      job_id: newId('job'),
      job_type: 'MATCHING',
      status: initialState('MATCHING', { sample }),
      project_id: projectId,
      website_id: request.reference_website_id,
      // A sample is free: it has no quote to approve.
      estimate: sample ? null : matchingQuote(reference.products, request.competitor_website_ids.length),
      customer_id: customerId,
      locks: [lock],
      now,
    }),
    reference_website_id: request.reference_website_id,
    competitor_website_ids: [...request.competitor_website_ids],
    sample,
    matching_progress: null,
    overlap: null,
    websites: null,
    sample_products: sample ? SAMPLE_REFERENCE_PRODUCTS : null,
    matching_started_at: null,
  };
}
