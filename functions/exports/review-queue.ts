import { reviewImpact } from '#core/match-bands';
import type { ProductRecord } from '#core/product-record';
import { decisionId, reviewMatches } from '#matching-model/match-decisions';
import type { MatchingReads } from '#matching-model/matching-reads';
import type { Project } from '#projects/project';
import { catalogStore } from '#websites/catalog-services';
import type { ReviewedMatch } from './export-datasets.ts';
import { exportStore } from './export-services.ts';
import { getRunMatches } from './run-matches.ts';

/** What a reviewer compares of a product besides its name: its price and identifiers. */
export interface ReviewProductFacts {
  price: string | null;
  currency: string | null;
  gtin: string | null;
  mpn: string | null;
  sku: string | null;
}

/** A candidate partner as the review queue shows it. */
export interface ReviewCandidate {
  competitor_url: string;
  competitor_name: string | null;
  competitor: ReviewProductFacts | null;
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
  /** Null when the newest catalog no longer holds the product. */
  reference: ReviewProductFacts | null;
  competitor_website_id: string;
  competitor_url: string;
  competitor_name: string | null;
  competitor: ReviewProductFacts | null;
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
 * run honours; `matching` reads them.
 */
export async function reviewQueue(
  project: Pick<Project, 'project_id' | 'auto_accept_confidence'>,
  websiteId: string,
  matching: MatchingReads,
): Promise<ReviewItem[]> {
  const run = (await exportStore.get(project.project_id, 'matches', websiteId))?.matching_run;
  if (!run) return [];
  const pending = reviewMatches<Omit<ReviewedMatch, 'status'>>(
    websiteId,
    run.competitor_website_ids,
    await getRunMatches(run.job_id),
    await matching.decisions(project.project_id),
    // Kept pairs are decided: only the proposals' bands are read here.
    (decision) => ({ ...decision, score: null, method: 'MANUAL' }),
    project.auto_accept_confidence,
  ).filter((match) => match.status === 'review');
  const products = await catalogProducts([
    websiteId,
    ...new Set(pending.map((match) => match.competitor_website_id)),
  ]);
  return pending.map((match): ReviewItem => {
    const product = (id: string, url: string) => products.get(`${id} ${url}`);
    const name = (id: string, url: string) => product(id, url)?.name ?? null;
    const facts = (id: string, url: string) => productFacts(product(id, url));
    const alternatives = (match.alternatives ?? []).map((alternative) => ({
      competitor_url: alternative.competitor_url,
      competitor_name: name(match.competitor_website_id, alternative.competitor_url),
      competitor: facts(match.competitor_website_id, alternative.competitor_url),
      confidence: alternative.confidence,
      evidence: alternative.evidence,
    }));
    return {
      pair_id: decisionId(match),
      reference_website_id: match.reference_website_id,
      reference_url: match.reference_url,
      reference_name: name(match.reference_website_id, match.reference_url),
      reference: facts(match.reference_website_id, match.reference_url),
      competitor_website_id: match.competitor_website_id,
      competitor_url: match.competitor_url,
      competitor_name: name(match.competitor_website_id, match.competitor_url),
      competitor: facts(match.competitor_website_id, match.competitor_url),
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

function productFacts(product: ProductRecord | undefined): ReviewProductFacts | null {
  if (!product) return null;
  const { price, currency, gtin, mpn, sku } = product;
  return { price, currency, gtin, mpn, sku };
}

/** The products of the websites' newest whole catalogs, by `website_id url`. */
async function catalogProducts(websiteIds: readonly string[]): Promise<Map<string, ProductRecord>> {
  const byKey = new Map<string, ProductRecord>();
  for (const websiteId of websiteIds) {
    const pointer = await catalogStore.latest(websiteId);
    const products: ProductRecord[] = pointer ? await catalogStore.read(pointer) : [];
    for (const product of products) byKey.set(`${websiteId} ${product.url}`, product);
  }
  return byKey;
}
