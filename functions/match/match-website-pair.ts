import type { BoostedTrees } from './boosted-trees.ts';
import { calibrateConfidence, type MatchCalibration, type MatchSignals } from './calibrate-confidence.ts';
import { type AcceptanceRule, chooseMatches, runnerUps, type ScoredPair } from './choose-matches.ts';
import type { MatchEvidence } from './compare-products.ts';
import type { ProductFeatures } from './describe-product.ts';
import { findCandidates } from './find-candidates.ts';
import { indexCatalog } from './index-catalog.ts';
import { judgePair } from './judge-pair.ts';
import type { Alternative, MatchReview, ProductMatch, ProductPair } from './match-catalogs.ts';
import { countSurePairs, type SurePairs, suspectFromSurePairs } from './uncoded-pairs-suspect.ts';
import { countTerms, type TermCounts, weighCounts } from './weigh-terms.ts';

/** One catalog of a run: its products' features and which of them are new or changed. */
export interface CatalogSide {
  website_id: string;
  features: ProductFeatures[];
  /** Positions of new or changed products. */
  modified: Set<number>;
}

export interface PairOutcome {
  /** Previous matches of this pair whose two products are unchanged. */
  kept: ProductMatch[];
  /** Matches decided in this run. */
  chosen: ProductMatch[];
  /** The reference products' best pairs that are sure: whether uncoded pairs are suspect is read from them. */
  surePairs: SurePairs;
  /**
   * A shard's matches decided both ways, as whether uncoded pairs are suspect is read from the sure
   * pairs of all shards: `chosen` is one of them. Only where `shard` is set.
   */
  chosenIf?: { suspect: ProductMatch[]; notSuspect: ProductMatch[] };
}

interface PairSettings {
  /** Users' decisions to honour in this run, and those the previous run honoured. */
  review: MatchReview;
  previousReview: MatchReview;
  candidates: number;
  rule: AcceptanceRule;
  /** The learned pair scorer; `judgePair`'s default, the committed model, where not given. */
  pairScorer?: BoostedTrees;
  /** The confidence calibration; `calibrateConfidence`'s default, the committed one, where not given. */
  calibration?: MatchCalibration;
  /** Matches with a confidence below this list their alternatives. */
  alternativesBelow: number;
  /**
   * Set where the catalogs are one shard of a larger pair (`match-in-shards.ts`): the terms counted
   * over the whole catalogs, and both assignments are returned.
   */
  shard?: { termCounts: TermCounts };
  /** Called once before the lookups with the number of reference products whose decision stands. */
  onSkipped: (count: number) => Promise<void>;
  /** Called after each lookup, of a reference product (true) or of a competitor product (false). */
  onLookup: (reference: boolean) => Promise<void>;
}

/**
 * Matches a reference catalog against one competitor catalog. A previous match whose two products
 * are unchanged is kept without scoring; new and changed products, and those whose previous partner
 * changed or disappeared, are looked up against the whole other catalog, and the pairs found are
 * assigned one to one around the kept ones.
 *
 * Users' review is honoured: a rejected pair is never scored, so its products are assigned their
 * next-best partner; the products of a kept (accepted or manual) pair are held for it. A previous
 * match the review overrules is dropped and its products looked up again, and so are the products
 * of decisions made or withdrawn since the previous run.
 */
export async function matchWebsitePair(
  reference: CatalogSide,
  competitor: CatalogSide,
  previousMatches: readonly ProductMatch[],
  settings: PairSettings,
): Promise<PairOutcome> {
  const refs = reference.features;
  const comps = competitor.features;
  const refAt = new Map(refs.map((product, i) => [product.key, i]));
  const compAt = new Map(comps.map((product, i) => [product.key, i]));

  const review = decisionsOf(settings.review, competitor.website_id);
  const heldRefs = new Set(review.kept.map((pair) => pair.reference_url));
  const heldComps = new Set(review.kept.map((pair) => pair.url));
  const kept: ProductMatch[] = [];
  const refQueries = new Set(reference.modified);
  const compQueries = new Set(competitor.modified);
  const lookUpAgain = (pair: ProductPair): void => {
    const r = refAt.get(pair.reference_url);
    const c = compAt.get(pair.url);
    if (r !== undefined) refQueries.add(r);
    if (c !== undefined) compQueries.add(c);
  };
  // A decision made or withdrawn since the previous run frees its products' previous matches too.
  const changed = changedDecisions(settings.previousReview, settings.review, competitor.website_id);
  const reopenedRefs = new Set([...heldRefs, ...changed.map((pair) => pair.reference_url)]);
  const reopenedComps = new Set([...heldComps, ...changed.map((pair) => pair.url)]);
  for (const match of previousMatches) {
    if (match.website_id !== competitor.website_id) continue;
    const r = refAt.get(match.reference_url);
    const c = compAt.get(match.url);
    const rChanged = r === undefined || reference.modified.has(r);
    const cChanged = c === undefined || competitor.modified.has(c);
    const key = pairKey(match);
    const overruled =
      review.rejected.has(key) ||
      (!review.keptKeys.has(key) && (reopenedRefs.has(match.reference_url) || reopenedComps.has(match.url)));
    if (!rChanged && !cChanged && !overruled) kept.push(match);
    else lookUpAgain(match);
  }
  for (const pair of changed) lookUpAgain(pair);
  // A held product is taken by its kept pair: looking it up could change nothing.
  for (const url of heldRefs) refQueries.delete(refAt.get(url) as number);
  for (const url of heldComps) compQueries.delete(compAt.get(url) as number);
  const rejected = new Set<number>();
  for (const key of review.rejected) {
    const [referenceUrl, url] = key.split('\n') as [string, string];
    const r = refAt.get(referenceUrl);
    const c = compAt.get(url);
    if (r !== undefined && c !== undefined) rejected.add(r * comps.length + c);
  }

  await settings.onSkipped(refs.length - refQueries.size);
  const weights = weighCounts(settings.shard?.termCounts ?? countTerms([refs, comps]));
  const refIndex = indexCatalog(refs);
  const compIndex = indexCatalog(comps);
  // Only scores are kept while blocking; the evidence is computed again for the chosen pairs.
  const scored = new Map<number, ScoredPair>();
  const score = (r: number, c: number): void => {
    const key = r * comps.length + c;
    if (scored.has(key) || rejected.has(key)) return;
    const { score, confidence, evidence } = judgePair(
      refs[r] as ProductFeatures,
      comps[c] as ProductFeatures,
      weights,
      false,
      settings.pairScorer,
    );
    if (score > 0)
      scored.set(key, {
        reference: r,
        competitor: c,
        score,
        coded: agreesByIdentifier(evidence),
        learned: confidence,
      });
  };
  for (const r of refQueries) {
    for (const c of findCandidates(refs[r] as ProductFeatures, compIndex, weights, settings.candidates))
      score(r, c);
    await settings.onLookup(true);
  }
  for (const c of compQueries) {
    for (const r of findCandidates(comps[c] as ProductFeatures, refIndex, weights, settings.candidates))
      score(r, c);
    await settings.onLookup(false);
  }

  const positions = (urls: Iterable<string>, at: Map<string, number>): Set<number> =>
    new Set([...urls].flatMap((url) => (at.has(url) ? [at.get(url) as number] : [])));
  const taken = {
    reference: positions([...kept.map((match) => match.reference_url), ...heldRefs], refAt),
    competitor: positions([...kept.map((match) => match.url), ...heldComps], compAt),
  };
  const pairs = [...scored.values()];
  // The map's keys and entries are not needed once listed: freed before the assignment, which is the run's peak.
  scored.clear();
  // A product kept with its previous match counts by that match, as in the run that chose it.
  const best = bestOfEach(pairs);
  for (const match of kept)
    best.set(refAt.get(match.reference_url) as number, {
      score: match.score,
      coded: agreesByIdentifier(match.evidence),
    });
  const surePairs = countSurePairs(best.values());
  const suspect = suspectFromSurePairs(surePairs, refs.length);
  const runnerUp = runnerUps(pairs);
  const judged = new Map<number, JudgedPair>();
  const judge = (pair: ScoredPair): JudgedPair => {
    const key = pair.reference * comps.length + pair.competitor;
    const known = judged.get(key);
    if (known) return known;
    const a = refs[pair.reference] as ProductFeatures;
    const b = comps[pair.competitor] as ProductFeatures;
    const { score, confidence, evidence } = judgePair(a, b, weights, true, settings.pairScorer, pair.learned);
    const found = { url: b.key, score, learned: confidence, evidence, runnerUp: runnerUp(pair) };
    judged.set(key, found);
    return found;
  };
  // Blocking judged most rivals with the learned scorer already (`ScoredPair.learned`): judged again only where it did not.
  const learnedOf = (pair: ScoredPair): number =>
    pair.learned === undefined || Number.isNaN(pair.learned) ? judge(pair).learned : pair.learned;
  /** The pair's match fields, its confidence calibrated against `rival`, the reference product's best-scored other pair. */
  const calibrated = (pair: ScoredPair, rival: ScoredPair | undefined): CalibratedPair => {
    const { url, score, learned, evidence, runnerUp } = judge(pair);
    const signals: MatchSignals = {
      learned,
      score,
      runnerUp,
      rivalLearned: rival ? learnedOf(rival) : 0,
      coded: pair.coded,
    };
    // Equal GTINs decide; no benchmark carries GTINs to calibrate them on.
    const confidence = evidence.gtin === 'equal' ? 1 : calibrateConfidence(signals, settings.calibration);
    return { url, score, confidence, evidence, signals };
  };
  const assign = (uncodedSuspect: boolean): ProductMatch[] => {
    const accepted = chooseMatches(
      pairs,
      settings.rule,
      { reference: new Set(taken.reference), competitor: new Set(taken.competitor) },
      uncodedSuspect,
    );
    const others = otherCandidates(pairs, accepted, maxAlternatives);
    return accepted.map((pair): ProductMatch => {
      const listed = others.get(pair.reference) ?? [];
      const match = calibrated(pair, listed[0]);
      // Judging three more pairs per match would cost a third of the run: only pairs a person reviews
      // get them. An alternative's best-scored rival is the match itself.
      const alternatives =
        match.confidence < settings.alternativesBelow
          ? listed.map((other): Alternative => {
              const { url, confidence, evidence, signals } = calibrated(other, pair);
              return { url, confidence, evidence, signals };
            })
          : [];
      return {
        reference_url: (refs[pair.reference] as ProductFeatures).key,
        website_id: competitor.website_id,
        ...match,
        ...(alternatives.length > 0 ? { alternatives } : {}),
      };
    });
  };
  if (!settings.shard) return { kept, chosen: assign(suspect), surePairs };
  const chosenIf = { suspect: assign(true), notSuspect: assign(false) };
  return { kept, chosen: suspect ? chosenIf.suspect : chosenIf.notSuspect, surePairs, chosenIf };
}

/** A scored pair judged with its confidence, once however many assignments and matches read it. */
interface JudgedPair {
  url: string;
  score: number;
  /** `PairJudgement.confidence`: the pair decision on its own, before calibration. */
  learned: number;
  evidence: MatchEvidence;
  runnerUp: number;
}

/** A scored pair's match fields. */
type CalibratedPair = Omit<ProductMatch, 'reference_url' | 'website_id' | 'alternatives'>;

/** Other candidates listed per match, for a person reviewing it to choose from. */
const maxAlternatives = 3;

/**
 * The best other scored pairs of each accepted pair's reference product, up to `count`, best
 * first: one pass keeping a short list per accepted product, so no pair list is grouped whole.
 */
function otherCandidates(
  pairs: readonly ScoredPair[],
  accepted: readonly ScoredPair[],
  count: number,
): Map<number, ScoredPair[]> {
  const partner = new Map(accepted.map((pair) => [pair.reference, pair.competitor]));
  const others = new Map<number, ScoredPair[]>();
  for (const pair of pairs) {
    const chosen = partner.get(pair.reference);
    if (chosen === undefined || chosen === pair.competitor) continue;
    const list = others.get(pair.reference) ?? [];
    if (list.length === count && (list[count - 1] as ScoredPair).score >= pair.score) continue;
    list.push(pair);
    list.sort((a, b) => b.score - a.score || a.competitor - b.competitor);
    if (list.length > count) list.pop();
    others.set(pair.reference, list);
  }
  return others;
}

/** Equal GTINs or a model code agree: `ScoredPair.coded`. */
function agreesByIdentifier(evidence: MatchEvidence): boolean {
  return evidence.gtin === 'equal' || evidence.codes.length > 0;
}

/** Each reference product's best scored pair, by its position. */
function bestOfEach(pairs: readonly ScoredPair[]): Map<number, Pick<ScoredPair, 'score' | 'coded'>> {
  const best = new Map<number, Pick<ScoredPair, 'score' | 'coded'>>();
  for (const pair of pairs) {
    const found = best.get(pair.reference);
    if (!found || pair.score > found.score) best.set(pair.reference, pair);
  }
  return best;
}

/** A pair's key within one competitor website. */
const pairKey = (pair: ProductPair): string => `${pair.reference_url}\n${pair.url}`;

/** The review's decisions on pairs with one competitor website, by pair key. */
function decisionsOf(review: MatchReview, websiteId: string) {
  const keys = (pairs: readonly ProductPair[]) =>
    new Set(pairs.filter((pair) => pair.website_id === websiteId).map(pairKey));
  return {
    rejected: keys(review.rejected),
    keptKeys: keys(review.kept),
    kept: review.kept.filter((pair) => pair.website_id === websiteId),
  };
}

/** The pairs with one competitor website whose decision was made, changed or withdrawn between two reviews. */
function changedDecisions(before: MatchReview, now: MatchReview, websiteId: string): ProductPair[] {
  const decided = (review: MatchReview): Map<string, ProductPair> => {
    const byDecision = new Map<string, ProductPair>();
    for (const [kind, pairs] of [
      ['rejected', review.rejected],
      ['kept', review.kept],
    ] as const)
      for (const pair of pairs)
        if (pair.website_id === websiteId) byDecision.set(`${kind}\n${pairKey(pair)}`, pair);
    return byDecision;
  };
  const old = decided(before);
  const current = decided(now);
  return [
    ...[...old].filter(([decision]) => !current.has(decision)).map(([, pair]) => pair),
    ...[...current].filter(([decision]) => !old.has(decision)).map(([, pair]) => pair),
  ];
}
