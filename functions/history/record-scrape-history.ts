import type { Job } from '#core/job-record';
import { DEFAULT_AUTO_ACCEPT_CONFIDENCE, proposalBand } from '#core/match-bands';
import { productId } from '#core/product-id';
import { productIdentity } from '#core/product-identity';
import type { ProductRecord } from '#core/product-record';
import { matchedReferences, type ProposedPair, referenceOf } from '#matching-model/matched-references';
import type { MatchingReads } from '#matching-model/matching-reads';
import { projectStore } from '#projects/project-services';
import { dataBucketObjects } from '#store/data-bucket-services';
import { catalogObjectKey } from '#websites/catalog';
import { catalogStore } from '#websites/catalog-services';
import type { MatchedReference, StoredChange } from './change-record.ts';
import { historyRetentionDays, historyStore } from './history-services.ts';
import { computeChanges, type PriceChange } from './price-changes.ts';
import { priceGapPercent } from './price-gap.ts';
import { appendHistoryRun } from './price-history.ts';
import { observationOf } from './price-observation.ts';

const readVersion = (projectId: string, websiteId: string, version: string) =>
  catalogStore.read({ object_key: catalogObjectKey(projectId, websiteId, version) });

/**
 * The reference product matching links each product of the website to, looked up by URL: from the
 * newest matching of every pair the website is the competitor of, as the project reviewed it; a
 * proposal waiting for review links nothing.
 */
async function referenceLookup(
  matching: MatchingReads,
  projectId: string,
  websiteId: string,
): Promise<(url: string) => ReferenceProduct | null> {
  const pairs = (await matching.pairStates(projectId)).filter(
    (pair) => pair.competitor_website_id === websiteId,
  );
  if (pairs.length === 0) return () => null;
  const autoAccept =
    (await projectStore.get(projectId))?.auto_accept_confidence ?? DEFAULT_AUTO_ACCEPT_CONFIDENCE;
  // Alerts link only trusted pairs: proposals of the `auto` band, and pairs the project kept.
  const proposals: ProposedPair[] = pairs.flatMap((pair) =>
    pair.state.matches
      .filter((match) => proposalBand(match.confidence, autoAccept) === 'auto')
      .map((match) => ({
        reference_website_id: pair.reference_website_id,
        reference_url: match.reference_url,
        competitor_website_id: match.website_id,
        competitor_url: match.url,
        score: match.score,
      })),
  );
  const references = matchedReferences(proposals, await matching.decisions(projectId));
  const referenceProducts = new Map<string, ProductRecord>();
  for (const referenceId of new Set(pairs.map((pair) => pair.reference_website_id))) {
    const pointer = await catalogStore.latest(referenceId);
    for (const product of pointer ? await catalogStore.read(pointer) : []) {
      // A URL's first record, the variant its page shows, is the one matching paired.
      const key = `${referenceId} ${product.url}`;
      if (!referenceProducts.has(key)) referenceProducts.set(key, product);
    }
  }
  return (url) => {
    const pair = referenceOf(references, websiteId, url);
    if (!pair) return null;
    const product = referenceProducts.get(`${pair.reference_website_id} ${pair.reference_url}`);
    return {
      website_id: pair.reference_website_id,
      product_id: productId(productIdentity(product ?? { url: pair.reference_url })),
      url: pair.reference_url,
      name: product?.name ?? null,
      price: product?.price ?? null,
      currency: product?.currency ?? null,
    };
  };
}

/** The reference product a change is linked to, as its newest catalog holds it. */
type ReferenceProduct = Omit<MatchedReference, 'previous_gap_percent' | 'gap_percent'>;

/** The reference linked to a change, with the changed product's gap to it before and after. */
function withGaps(reference: ReferenceProduct | null, change: PriceChange): MatchedReference | null {
  if (!reference) return null;
  return {
    ...reference,
    previous_gap_percent: priceGapPercent(
      { price: change.previous_price, currency: change.currency },
      reference,
    ),
    gap_percent: priceGapPercent({ price: change.current_price, currency: change.currency }, reference),
  };
}

/** What the history needs of a scrape job: the catalog version it delivered, when, and the one before. */
export type SettledScrape = Pick<Job, 'job_id' | 'project_id' | 'website_id' | 'settlement'> & {
  previous_catalog?: string | null;
};

/**
 * A settled scrape's part of the price history: every product it delivered is appended to the
 * website's history, and a whole catalog is compared with the website's whole catalog before it
 * (none for a first scrape, nor for a URL scrape, which sees only part of the website). The changes
 * are kept for the stage's retention and returned: this is the one place changes come from, so
 * whatever announces them (webhooks) takes this list. `matching` gives the pairs' matches and the
 * review decisions a change's reference is looked up in.
 */
export async function recordScrapeHistory(
  job: SettledScrape,
  matching: MatchingReads,
): Promise<StoredChange[]> {
  const websiteId = job.website_id;
  const settledAt = job.settlement?.settled_at;
  if (!websiteId || !settledAt) return [];
  const products = await readVersion(job.project_id, websiteId, job.job_id);
  const observations = products.map((product) => observationOf(product, job.job_id));
  const previous = await historyStore.getPointer(websiteId);
  await appendHistoryRun(dataBucketObjects, {
    projectId: job.project_id,
    websiteId,
    jobId: job.job_id,
    observations,
    previousRunAt: previous?.recorded_at ?? null,
  });
  await historyStore.putPointer({
    website_id: websiteId,
    project_id: job.project_id,
    version: job.job_id,
    recorded_at: settledAt,
  });
  if (!job.previous_catalog) return [];
  const before = await readVersion(job.project_id, websiteId, job.previous_catalog);
  const changes = computeChanges(
    before.map((product) => observationOf(product, job.previous_catalog as string)),
    observations,
  );
  if (changes.length === 0) return [];
  const names = new Map<string, string | null>();
  for (const product of [...before, ...products]) names.set(product.url, product.name);
  const reference = await referenceLookup(matching, job.project_id, websiteId);
  const stored = changes.map(
    (change, seq): StoredChange => ({
      change_id: `chg_${job.job_id.replace(/^job_/, '')}_${seq}`,
      project_id: job.project_id,
      website_id: websiteId,
      job_id: job.job_id,
      detected_at: settledAt,
      ...change,
      product_name: names.get(change.product_url) ?? null,
      matched_reference: withGaps(reference(change.product_url), change),
    }),
  );
  const expiresAt = Math.floor(Date.parse(settledAt) / 1000) + historyRetentionDays() * 24 * 60 * 60;
  await historyStore.putChanges(stored, expiresAt);
  return stored;
}
