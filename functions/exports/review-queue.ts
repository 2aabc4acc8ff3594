import { reviewImpact } from '#core/match-bands';
import { decisionId, reviewMatches } from '#core/match-decisions';
import type { ProductRecord } from '#core/product-record';
import { latestCatalog, readCatalog } from '#store/catalogs';
import { listMatchDecisions } from '#store/match-decisions';
import type { Project } from '#store/projects';
import type { ReviewedMatch } from './export-datasets.ts';
import { getExportRecord } from './export-records.ts';
import { getRunMatches } from './run-matches.ts';

/** A candidate partner as the review queue shows it. */
export interface ReviewCandidate {
  competitor_url: string;
  competitor_name: string | null;
  confidence: number;
  evidence: string | null;
}

/** A pair waiting for review, with what a decision on it would change and what else to choose. */
export interface ReviewItem {
  /** The id its decision will have (`decisionId`): a pair has one. */
  pair_id: string;
  reference_website_id: string;
  reference_url: string;
  reference_name: string | null;
  competitor_website_id: string;
  competitor_url: string;
  competitor_name: string | null;
  score: number | null;
  method: string;
  confidence: number | null;
  evidence: string | null;
  /** How much a decision would change the result (`reviewImpact`): the queue's order, highest first. */
  impact: number;
  /** The reference product's next-best candidates on the competitor website, up to 3. */
  alternatives: ReviewCandidate[];
}

/**
 * The project's pending review pairs of a reference website: the proposals of its newest matching
 * (the run its matches file was built from) in the `review` band by the project's
 * `auto_accept_confidence`, without the pairs decided since, each with its alternatives. Empty
 * before the website's first matching. Decisions go through the match decisions, which the next
 * run honours.
 */
export async function reviewQueue(
  project: Pick<Project, 'project_id' | 'auto_accept_confidence'>,
  websiteId: string,
): Promise<ReviewItem[]> {
  const run = (await getExportRecord(project.project_id, 'matches', websiteId))?.matching_run;
  if (!run) return [];
  const pending = reviewMatches<Omit<ReviewedMatch, 'status'>>(
    websiteId,
    run.competitor_website_ids,
    await getRunMatches(run.job_id),
    await listMatchDecisions(project.project_id),
    // Kept pairs are decided: only the proposals' bands are read here.
    (decision) => ({ ...decision, score: null, method: 'MANUAL' }),
    project.auto_accept_confidence,
  ).filter((match) => match.status === 'review');
  const names = await productNames([
    websiteId,
    ...new Set(pending.map((match) => match.competitor_website_id)),
  ]);
  return pending.map((match): ReviewItem => {
    const name = (id: string, url: string) => names.get(`${id} ${url}`) ?? null;
    const alternatives = (match.alternatives ?? []).map((alternative) => ({
      competitor_url: alternative.competitor_url,
      competitor_name: name(match.competitor_website_id, alternative.competitor_url),
      confidence: alternative.confidence,
      evidence: alternative.evidence,
    }));
    return {
      pair_id: decisionId(match),
      reference_website_id: match.reference_website_id,
      reference_url: match.reference_url,
      reference_name: name(match.reference_website_id, match.reference_url),
      competitor_website_id: match.competitor_website_id,
      competitor_url: match.competitor_url,
      competitor_name: name(match.competitor_website_id, match.competitor_url),
      score: match.score,
      method: match.method,
      confidence: match.confidence ?? null,
      evidence: match.evidence ?? null,
      impact: reviewImpact([
        match.confidence ?? 0,
        ...alternatives.map((alternative) => alternative.confidence),
      ]),
      alternatives,
    };
  });
}

/** Product names of the websites' newest whole catalogs, by `website_id url`. */
async function productNames(websiteIds: readonly string[]): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  for (const websiteId of websiteIds) {
    const pointer = await latestCatalog(websiteId);
    const products: ProductRecord[] = pointer ? await readCatalog(pointer) : [];
    for (const product of products) names.set(`${websiteId} ${product.url}`, product.name);
  }
  return names;
}
