import { DEFAULT_AUTO_ACCEPT_CONFIDENCE } from '#core/match-bands';
import type { BoostedTrees } from './boosted-trees.ts';
import type { MatchCalibration, MatchSignals } from './calibrate-confidence.ts';
import type { AcceptanceRule } from './choose-matches.ts';
import type { MatchEvidence } from './compare-products.ts';
import { describeProduct, type MatchableProduct } from './describe-product.ts';
import { internFeatures, internStrings } from './intern-strings.ts';
import { type CatalogSide, matchWebsitePair } from './match-website-pair.ts';
import { productFingerprint } from './product-fingerprint.ts';

/** One website's catalog; products are keyed by URL (a repeated URL counts once, first wins). */
export interface CatalogInput {
  website_id: string;
  products: readonly MatchableProduct[];
}

/** The reference product `reference_url` is the competitor product `url` of `website_id`. */
export interface ProductMatch {
  reference_url: string;
  website_id: string;
  url: string;
  score: number;
  /**
   * The probability, 0..1, that the two are the same product, calibrated (`calibrateConfidence`) so
   * that of the matches given 0.9 about nine in ten are right.
   */
  confidence: number;
  evidence: MatchEvidence;
  /** What the calibration read; absent on matches of runs before it. */
  signals?: MatchSignals;
  /**
   * The reference product's next-best candidates on the competitor website (up to 3, best score
   * first), each with its calibrated confidence and evidence: what a person reviewing the match
   * chooses from. Absent where blocking found no other, and on matches at `alternativesBelow` or more.
   */
  alternatives?: Alternative[];
}

/** Another candidate partner of a matched reference product. */
export interface Alternative {
  url: string;
  confidence: number;
  evidence: MatchEvidence;
  signals?: MatchSignals;
}

/** Two products by URL: a reference product and a product of the competitor website `website_id`. */
export type ProductPair = Pick<ProductMatch, 'reference_url' | 'website_id' | 'url'>;

/**
 * Users' review of earlier matches, which the engine honours: a rejected pair is never proposed
 * (its products look for their next-best partner instead), and the two products of a kept pair
 * (accepted or added by hand) are matched to nothing else on that website.
 */
export interface MatchReview {
  rejected: ProductPair[];
  kept: ProductPair[];
}

/** What a run leaves for the next one: keep it, and pass it back as `previous`. */
export interface MatchingState {
  /** website_id -> product URL -> content fingerprint. */
  fingerprints: Record<string, Record<string, string>>;
  matches: ProductMatch[];
  /** The review the run honoured: products of decisions made or withdrawn since are looked up again. */
  review?: MatchReview;
}

/** The counters of the matching job's `matching_progress`. */
export interface MatchingCounters {
  /** (Reference product, competitor) decisions made anew: the product matched against the whole catalog. */
  products_checked: number;
  /** Decisions kept: the reference product and its previous partner (or lack of one) are unchanged. */
  products_skipped_not_modified: number;
  /** Matches of this run that the previous run did not have. */
  new_matches: number;
  /** Checked plus skipped so far. */
  products_processed: number;
  /** Reference products times competitors. */
  products_total: number;
}

export interface MatchingResult extends MatchingState {
  counters: MatchingCounters;
  /** Per website: products loaded and how many are new or changed since the previous run. */
  websites: { website_id: string; products: number; modified: number }[];
}

export interface MatchingOptions {
  /** The state of the previous run; without it every product is matched. */
  previous?: MatchingState;
  /** Candidates scored per product after blocking. */
  candidates?: number;
  acceptance?: Partial<AcceptanceRule>;
  /** Products matched between two progress reports. */
  progressEvery?: number;
  /** Users' decisions on pairs of these catalogs; none by default. */
  review?: MatchReview;
  /**
   * The learned pair scorer; the committed model by default. For developers measuring a model of
   * their own (`bench/seed-spread-pair-scorer.ts` measures retrained ones).
   */
  pairScorer?: BoostedTrees;
  /** The confidence calibration; the committed one by default. For developers fitting one. */
  calibration?: MatchCalibration;
  /**
   * Matches with a calibrated confidence below this list their alternatives (`ProductMatch.alternatives`):
   * the project's `auto_accept_confidence`, so every match waiting for review has them;
   * `DEFAULT_AUTO_ACCEPT_CONFIDENCE` by default.
   */
  alternativesBelow?: number;
}

/** The engine's defaults: a run matched in shards assigns with them too. */
export const matchingDefaults = {
  candidates: 5,
  acceptance: {
    minScore: 0.5,
    minMarginScore: 0.3,
    marginRatio: 2,
    minCodedScore: 0.6,
    codedMarginRatio: 1.5,
  } satisfies AcceptanceRule,
  progressEvery: 1000,
};

export interface Side extends CatalogSide {
  fingerprints: Record<string, string>;
}

/**
 * Finds, for every reference product, the same product in each competitor catalog, or none.
 *
 * Incremental: with `options.previous`, a match whose two products are unchanged (same fingerprint)
 * is kept without scoring. New and changed products, and products whose previous partner changed or
 * disappeared, are looked up against the whole other catalog; only the rest are assigned anew.
 * `onProgress` gets the counters while the run goes on (awaited, so it may write them somewhere).
 */
export async function matchCatalogs(
  reference: CatalogInput,
  competitors: readonly CatalogInput[],
  options: MatchingOptions = {},
  onProgress?: (counters: MatchingCounters) => unknown,
): Promise<MatchingResult> {
  const candidates = options.candidates ?? matchingDefaults.candidates;
  const rule: AcceptanceRule = { ...matchingDefaults.acceptance, ...options.acceptance };
  const progressEvery = options.progressEvery ?? matchingDefaults.progressEvery;
  const previous = options.previous ?? { fingerprints: {}, matches: [] };
  const review = options.review ?? { rejected: [], kept: [] };
  const competitorIds = new Set(competitors.map((competitor) => competitor.website_id));
  const honoured: MatchReview = {
    rejected: review.rejected.filter((pair) => competitorIds.has(pair.website_id)),
    kept: review.kept.filter((pair) => competitorIds.has(pair.website_id)),
  };
  const intern = internStrings();
  const referenceSide = readSide(reference, previous, intern);
  const counters: MatchingCounters = {
    products_checked: 0,
    products_skipped_not_modified: 0,
    new_matches: 0,
    products_processed: 0,
    products_total: referenceSide.features.length * competitors.length,
  };
  const fingerprints: MatchingState['fingerprints'] = { [reference.website_id]: referenceSide.fingerprints };
  const websites: MatchingResult['websites'] = [describeSide(referenceSide)];
  const matches: ProductMatch[] = [];
  let sinceReport = 0;
  const report = async (): Promise<void> => {
    await onProgress?.({ ...counters });
    sinceReport = 0;
    // Lets timers and I/O (heartbeats, progress writes) run between batches of CPU-bound work.
    await new Promise((resolve) => setImmediate(resolve));
  };

  for (const competitor of competitors) {
    const competitorSide = readSide(competitor, previous, intern);
    fingerprints[competitor.website_id] = competitorSide.fingerprints;
    websites.push(describeSide(competitorSide));
    const outcome = await matchWebsitePair(referenceSide, competitorSide, previous.matches, {
      review: honoured,
      previousReview: previous.review ?? { rejected: [], kept: [] },
      candidates,
      rule,
      pairScorer: options.pairScorer,
      calibration: options.calibration,
      alternativesBelow: options.alternativesBelow ?? DEFAULT_AUTO_ACCEPT_CONFIDENCE,
      onSkipped: async (count) => {
        counters.products_skipped_not_modified += count;
        counters.products_processed += count;
      },
      onLookup: (isReference) => {
        if (isReference) {
          counters.products_checked++;
          counters.products_processed++;
        }
        return ++sinceReport >= progressEvery ? report() : undefined;
      },
    });
    const { kept, chosen } = outcome;
    const before = new Set(
      previous.matches
        .filter((match) => match.website_id === competitor.website_id)
        .map((match) => `${match.reference_url}\n${match.url}`),
    );
    counters.new_matches += chosen.filter(
      (match) => !before.has(`${match.reference_url}\n${match.url}`),
    ).length;
    // One by one: spread as arguments, a pair of a few hundred thousand matches overflows the stack.
    for (const match of kept) matches.push(match);
    for (const match of chosen) matches.push(match);
    await report();
  }
  return { fingerprints, matches, review: honoured, counters: { ...counters }, websites };
}

export function readSide(
  catalog: CatalogInput,
  previous: MatchingState,
  intern: (text: string) => string,
): Side {
  const before = previous.fingerprints[catalog.website_id] ?? {};
  const features: CatalogSide['features'] = [];
  const fingerprints: Record<string, string> = {};
  const modified = new Set<number>();
  for (const product of catalog.products) {
    if (Object.hasOwn(fingerprints, product.url)) continue;
    const fingerprint = productFingerprint(product);
    fingerprints[product.url] = fingerprint;
    if (before[product.url] !== fingerprint) modified.add(features.length);
    features.push(internFeatures(describeProduct(product), intern));
  }
  return { website_id: catalog.website_id, features, fingerprints, modified };
}

function describeSide(side: Side): MatchingResult['websites'][number] {
  return { website_id: side.website_id, products: side.features.length, modified: side.modified.size };
}
