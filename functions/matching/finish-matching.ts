import type { MatchRecord } from '#exports/export-datasets';
import { exportStore } from '#exports/export-services';
import { exportMatches } from '#exports/project-exports';
import { getRunMatches } from '#exports/run-matches';
import { announceJob, exportReady } from '#jobs/job-events';
import { jobStore } from '#jobs/job-services';
import {
  type MatchingFields,
  type MatchingJob,
  type MatchingStep,
  progressOf,
  STOP,
} from '#jobs/matching-job';
import { countOverlap, type ProductLink } from '#match/index';
import { NO_COUNTS } from '#matching-model/matching-progress';
import { logError } from '#platform/log';
import { websiteStore } from '#websites/website-services';
import { matchingReads, pairStateStore } from './matching-services.ts';

/**
 * The project's matches as links between products: the newest state of each pair, with the pairs
 * this job matched taken from its own matches (a sample keeps no state), of websites still there.
 */
async function projectLinks(job: MatchingJob, matches: readonly MatchRecord[]): Promise<ProductLink[]> {
  const own = new Set(job.competitor_website_ids);
  const pairs = (await pairStateStore.ofProject(job.project_id)).filter(
    (pair) =>
      !(pair.reference_website_id === job.reference_website_id && own.has(pair.competitor_website_id)),
  );
  const ids = pairs.flatMap((pair) => [pair.reference_website_id, pair.competitor_website_id]);
  const present = await websiteStore.existingIds([...new Set(ids)]);
  const links: ProductLink[] = matches.map((match) => ({
    website_id: match.reference_website_id,
    url: match.reference_url,
    match_website_id: match.competitor_website_id,
    match_url: match.competitor_url,
  }));
  for (const pair of pairs) {
    if (!present.has(pair.reference_website_id) || !present.has(pair.competitor_website_id)) continue;
    for (const match of pair.state.matches) {
      links.push({
        website_id: pair.reference_website_id,
        url: match.reference_url,
        match_website_id: match.website_id,
        match_url: match.url,
      });
    }
  }
  return links;
}

/**
 * EXPORTING: the `matches` and `price_comparison` files of the reference website, and the overlap of
 * the project's websites. A sample writes the files only while the reference has none, so it never
 * replaces a whole run's files with a part. A failed export does not fail the settled job: it is
 * logged, as in the scrape lane.
 */
export async function finishMatching(jobId: string): Promise<MatchingStep> {
  const job = await jobStore().get<MatchingFields>(jobId);
  if (!job) return STOP;
  if (job.status === 'COMPLETED') return { next: 'DONE' };
  if (job.status !== 'EXPORTING') return STOP;
  const matches = await getRunMatches(jobId);
  const writeFiles =
    !job.sample || (await exportStore.get(job.project_id, 'matches', job.reference_website_id)) === null;
  const exported =
    writeFiles &&
    (await exportMatches(
      job.project_id,
      {
        job_id: jobId,
        reference_website_id: job.reference_website_id,
        competitor_website_ids: job.competitor_website_ids,
        matches,
      },
      matchingReads,
    ).then(
      () => true,
      (error: unknown) => {
        logError('matching: export failed', error, { jobId });
        return false;
      },
    ));
  const overlap = countOverlap(await projectLinks(job, matches), [
    job.reference_website_id,
    ...job.competitor_website_ids,
  ]);
  const counts = job.matching_progress ?? NO_COUNTS;
  const completed = await jobStore().move<MatchingFields>(job, 'COMPLETED', {
    set: { overlap, matching_progress: progressOf(job, counts, 'DONE') },
  });
  if (!completed) return STOP;
  await announceJob(completed, exported ? exportReady(completed, ['matches', 'price_comparison']) : null);
  return { next: 'DONE' };
}
