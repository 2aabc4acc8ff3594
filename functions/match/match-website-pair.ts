import type { BoostedTrees } from './boosted-trees.ts';
import { calibrateConfidence, type MatchCalibration, type MatchSignals } from './calibrate-confidence.ts';
import { type AcceptanceRule, chooseMatchesOf, runnerUps, type ScoredPair } from './choose-matches.ts';
import { priceRatio } from './compare-prices.ts';
import type { MatchEvidence } from './compare-products.ts';
import type { ProductFeatures } from './describe-product.ts';
import { findCandidates } from './find-candidates.ts';
import { indexCatalog } from './index-catalog.ts';
import { judgePair } from './judge-pair.ts';
import type { Alternative, MatchReview, ProductMatch, ProductPair } from './match-catalogs.ts';
import { ScoredPairs } from './scored-pairs.ts';
import { countSurePairs, type SurePairs, suspectFromSurePairs } from './uncoded-pairs-suspect.ts';
import { countTerms, type TermWeights, weighCounts } from './weigh-terms.ts';

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
}

export interface PairSettings {
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
  /** Called once before the lookups with the number of reference products whose decision stands. */
  onSkipped: (count: number) => Promise<void>;
  /**
   * Called after each lookup, of a reference product (true) or of a competitor product (false); a
   * promise returned (a progress report) is awaited. Most lookups return none: awaiting each of
   * 40,000 cost more than the counting.
   */
  onLookup: (reference: boolean) => Promise<void> | undefined;
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
  const plan = planPairRun(
    { ...reference, keys: refs.map((product) => product.key) },
    { ...competitor, keys: comps.map((product) => product.key) },
    previousMatches,
    settings,
  );
  await settings.onSkipped(refs.length - plan.refQueries.size);
  const weights = weighCounts(countTerms([refs, comps]));
  const refIndex = indexCatalog(refs);
  const compIndex = indexCatalog(comps);
  // Only scores are kept while blocking; the evidence is computed again for the chosen pairs. A
  // pair is found at most twice, by its reference product's lookup and by its competitor
  // product's: the second skips the pairs the first found, read from each reference product's
  // candidates rather than from a map of every pair scored.
  const scored: ScoredPair[] = [];
  const foundByReference = new FoundCandidates(refs.length, settings.candidates);
  for (const r of plan.refQueries) {
    const candidates = findCandidates(refs[r] as ProductFeatures, compIndex, weights, settings.candidates);
    foundByReference.set(r, candidates);
    for (const c of candidates) {
      if (plan.rejected.has(r * comps.length + c)) continue;
      const pair = scorePair(refs, comps, r, c, weights, settings.pairScorer);
      if (pair) scored.push(pair);
    }
    const reported = settings.onLookup(true);
    if (reported) await reported;
  }
  for (const c of plan.compQueries) {
    for (const r of findCandidates(comps[c] as ProductFeatures, refIndex, weights, settings.candidates)) {
      if (foundByReference.has(r, c) || plan.rejected.has(r * comps.length + c)) continue;
      const pair = scorePair(refs, comps, r, c, weights, settings.pairScorer);
      if (pair) scored.push(pair);
    }
    const reported = settings.onLookup(false);
    if (reported) await reported;
  }
  const pairs = ScoredPairs.of(scored);
  // The pair objects are not needed once in the table: freed before the assignment, which is the run's peak.
  scored.length = 0;
  return assignPairs(pairs, plan, competitor.website_id, settings, async (wanted, priced) =>
    judgeAll(wanted, priced ?? [], refs, comps, weights, settings.pairScorer),
  );
}

/**
 * The candidates each reference product's lookup found, in `width` slots per product (blocking's
 * candidates per lookup), those with more (other products of its GTIN) apart.
 */
class FoundCandidates {
  private readonly slots: Int32Array;
  private readonly counts: Int32Array;
  private readonly more = new Map<number, readonly number[]>();

  constructor(
    products: number,
    private readonly width: number,
  ) {
    this.slots = new Int32Array(products * width);
    this.counts = new Int32Array(products);
  }

  set(reference: number, candidates: readonly number[]): void {
    if (candidates.length > this.width) this.more.set(reference, candidates);
    else {
      this.slots.set(candidates, reference * this.width);
      this.counts[reference] = candidates.length;
    }
  }

  has(reference: number, candidate: number): boolean {
    const listed = this.more.size > 0 ? this.more.get(reference) : undefined;
    if (listed) return listed.includes(candidate);
    const from = reference * this.width;
    for (let i = from; i < from + (this.counts[reference] as number); i++)
      if (this.slots[i] === candidate) return true;
    return false;
  }
}

/** The pair (r, c) scored for the assignment, or null where it scores nothing. */
export function scorePair(
  refs: readonly ProductFeatures[],
  comps: readonly ProductFeatures[],
  r: number,
  c: number,
  weights: TermWeights,
  pairScorer: BoostedTrees | undefined,
): ScoredPair | null {
  const { score, confidence, evidence } = judgePair(
    refs[r] as ProductFeatures,
    comps[c] as ProductFeatures,
    weights,
    false,
    pairScorer,
  );
  if (score <= 0) return null;
  const pair: ScoredPair = { reference: r, competitor: c, score, coded: agreesByIdentifier(evidence) };
  // Blocking ran the learned scorer on most pairs worth a match: kept, so judging them in full need not run it again.
  if (!Number.isNaN(confidence)) pair.learned = confidence;
  return pair;
}

/** A pair judged in full: what its match shows but the calibration, which reads the other pairs too. */
export interface PairJudgement {
  referenceUrl: string;
  url: string;
  score: number;
  /** The learned scorer's probability, before calibration. */
  learned: number;
  evidence: MatchEvidence;
}

/**
 * Judges `pairs` of catalog positions in full, keyed by `reference * competitorProducts +
 * competitor`, and reads the price ratios (`priceRatio`) of the `priced` ones, each shard's
 * products read once for both: the calibration reads the price of a match's rival, which is judged
 * in full only where blocking did not run the learned scorer on it.
 */
export type JudgePairs = (
  pairs: readonly ScoredPair[],
  priced?: readonly ScoredPair[],
) => Promise<JudgedPairs>;

export interface JudgedPairs {
  judged: Map<number, PairJudgement>;
  priceRatios: Map<number, number | null>;
}

/** `JudgePairs` over catalogs held whole. */
export function judgeAll(
  pairs: readonly ScoredPair[],
  priced: readonly ScoredPair[],
  refs: readonly ProductFeatures[],
  comps: readonly ProductFeatures[],
  weights: TermWeights,
  pairScorer: BoostedTrees | undefined,
): JudgedPairs {
  const judged = new Map<number, PairJudgement>();
  for (const pair of pairs) {
    const judgement = judgeInFull(
      refs[pair.reference] as ProductFeatures,
      comps[pair.competitor] as ProductFeatures,
      pair,
      weights,
      pairScorer,
    );
    judged.set(pair.reference * comps.length + pair.competitor, judgement);
  }
  const priceRatios = new Map<number, number | null>();
  for (const pair of priced)
    priceRatios.set(
      pair.reference * comps.length + pair.competitor,
      priceRatio(refs[pair.reference] as ProductFeatures, comps[pair.competitor] as ProductFeatures),
    );
  return { judged, priceRatios };
}

/** The scored pair of `a` and `b` judged in full, the learned scorer run only where blocking did not run it. */
export function judgeInFull(
  a: ProductFeatures,
  b: ProductFeatures,
  pair: ScoredPair,
  weights: TermWeights,
  pairScorer: BoostedTrees | undefined,
): PairJudgement {
  const { score, confidence, evidence } = judgePair(a, b, weights, true, pairScorer, pair.learned);
  return { referenceUrl: a.key, url: b.key, score, learned: confidence, evidence };
}

/** A catalog of a website pair by its products' keys (URLs), and which of them are new or changed. */
export interface SideKeys {
  website_id: string;
  keys: readonly string[];
  modified: ReadonlySet<number>;
}

/** What a run of a website pair decides from URLs, fingerprints and the review alone, before any lookup. */
export interface PairRunPlan {
  /** Previous matches whose two products are unchanged and whose decision stands. */
  kept: ProductMatch[];
  /** Positions of the products looked up against the other catalog. */
  refQueries: Set<number>;
  compQueries: Set<number>;
  /** Rejected pairs as `reference * competitorProducts + competitor`: never scored. */
  rejected: Set<number>;
  /** Products taken by kept matches and kept decisions, by position. */
  taken: { reference: Set<number>; competitor: Set<number> };
  referenceProducts: number;
  competitorProducts: number;
  /** The kept matches' reference products, by position, in the order of `kept`. */
  keptAt: number[];
  /**
   * What the assignment reads of the kept matches, in the order of `keptAt`, where `kept` is not
   * held: a sharded merge reads the kept matches a reference chunk at a time.
   */
  keptBest?: readonly KeptBest[];
}

/** What counting the sure pairs reads of a kept match: its score and whether an identifier agrees. */
export interface KeptBest {
  score: number;
  coded: boolean;
}

/** The kept matches as the assignment reads them (`PairRunPlan.keptBest`). */
export const keptBestOf = (kept: readonly ProductMatch[]): KeptBest[] =>
  kept.map((match) => ({ score: match.score, coded: agreesByIdentifier(match.evidence) }));

/** Which products of a website pair are looked up again, which matches stand, and which pairs are ruled out. */
export function planPairRun(
  reference: SideKeys,
  competitor: SideKeys,
  previousMatches: readonly ProductMatch[],
  settings: Pick<PairSettings, 'review' | 'previousReview'>,
): PairRunPlan {
  const refAt = new Map(reference.keys.map((key, i) => [key, i]));
  const compAt = new Map(competitor.keys.map((key, i) => [key, i]));
  const compCount = competitor.keys.length;

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
    if (r !== undefined && c !== undefined) rejected.add(r * compCount + c);
  }
  const positions = (urls: Iterable<string>, at: Map<string, number>): Set<number> =>
    new Set([...urls].flatMap((url) => (at.has(url) ? [at.get(url) as number] : [])));
  return {
    kept,
    refQueries,
    compQueries,
    rejected,
    taken: {
      reference: positions([...kept.map((match) => match.reference_url), ...heldRefs], refAt),
      competitor: positions([...kept.map((match) => match.url), ...heldComps], compAt),
    },
    referenceProducts: reference.keys.length,
    competitorProducts: compCount,
    keptAt: kept.map((match) => refAt.get(match.reference_url) as number),
  };
}

/**
 * The one-to-one assignment of a website pair's scored pairs around its kept matches, the chosen
 * pairs judged in full and calibrated. Reads the pairs in any order: what it decides depends on
 * their scores and positions only, so pairs scored in parts of the catalogs assign as one run's.
 */
export async function assignPairs(
  pairs: ScoredPairs | readonly ScoredPair[],
  plan: PairRunPlan,
  websiteId: string,
  settings: Pick<PairSettings, 'rule' | 'calibration' | 'alternativesBelow'>,
  judgePairs: JudgePairs,
  emit?: EmitChosen,
): Promise<PairOutcome> {
  const table = pairs instanceof ScoredPairs ? pairs : ScoredPairs.of(pairs);
  const { kept } = plan;
  const surePairs = countSurePairs(bestOfEach(table, plan));
  const suspect = suspectFromSurePairs(surePairs, plan.referenceProducts);
  const accepted = chooseMatchesOf(table, settings.rule, {
    reference: new Set(plan.taken.reference),
    competitor: new Set(plan.taken.competitor),
  });
  const runnerUp = runnerUps(table);
  const keyOf = (pair: ScoredPair): number => pair.reference * plan.competitorProducts + pair.competitor;
  const othersOf = otherCandidates(table, accepted, plan.referenceProducts, maxAlternatives);
  // A match's rival is its reference product's best-scored other pair; blocking judged most rivals
  // with the learned scorer already (`ScoredPair.learned`), so only the others are judged for it.
  const blockingLearned = (pair: ScoredPair): number | undefined =>
    pair.learned === undefined || Number.isNaN(pair.learned) ? undefined : pair.learned;
  /** The group's matches judged in full: its pairs, rivals and alternatives are all of its reference products. */
  const judgeGroup = async (positions: readonly number[]): Promise<ProductMatch[]> => {
    const group = positions.map((i) => table.pair(i));
    const others = new Map(group.map((pair) => [pair.reference, othersOf(pair.reference)]));
    const rivalOf = (pair: ScoredPair): ScoredPair | undefined => others.get(pair.reference)?.[0];
    const unjudgedRivals = group
      .map(rivalOf)
      .filter((rival): rival is ScoredPair => rival !== undefined && blockingLearned(rival) === undefined);
    const { judged: judgedAccepted, priceRatios: rivalPrices } = await judgePairs(
      [...group, ...unjudgedRivals],
      group.map(rivalOf).filter((rival): rival is ScoredPair => rival !== undefined),
    );
    const learnedOf = (pair: ScoredPair): number =>
      blockingLearned(pair) ?? (judgedAccepted.get(keyOf(pair)) as PairJudgement).learned;
    /** The pair's match fields, its confidence calibrated against its rival's learned probability. */
    const calibrated = (
      pair: ScoredPair,
      judged: Map<number, PairJudgement>,
      rivalLearned: number,
      rivalPriceRatio: number | null,
    ): JudgedPair => {
      const { url, score, learned, evidence } = judged.get(keyOf(pair)) as PairJudgement;
      const signals: MatchSignals = {
        learned,
        score,
        runnerUp: runnerUp(pair),
        rivalLearned,
        coded: pair.coded,
        uncodedSuspect: suspect && !pair.coded,
        priceRatio: evidence.priceRatio ?? null,
        rivalPriceRatio,
      };
      // Equal GTINs decide; no benchmark carries GTINs to calibrate them on.
      const confidence = evidence.gtin === 'equal' ? 1 : calibrateConfidence(signals, settings.calibration);
      return { url, score, confidence, evidence, signals };
    };
    const matches = group.map((pair) => {
      const rival = rivalOf(pair);
      return rival
        ? calibrated(pair, judgedAccepted, learnedOf(rival), rivalPrices.get(keyOf(rival)) ?? null)
        : calibrated(pair, judgedAccepted, 0, null);
    });
    // Judging three more pairs per match would cost a third of the run: only pairs a person reviews
    // get them. An alternative's best-scored rival is the match itself.
    const reviewed = group.filter(
      (_, i) => (matches[i] as JudgedPair).confidence < settings.alternativesBelow,
    );
    // A match's rival is its first alternative: where it was judged with the matches, that judgement stands.
    const listedOthers = reviewed.flatMap((pair) => others.get(pair.reference) ?? []);
    const { judged: judgedOthers } = await judgePairs(
      listedOthers.filter((other) => !judgedAccepted.has(keyOf(other))),
    );
    for (const other of listedOthers) {
      const judged = judgedAccepted.get(keyOf(other));
      if (judged) judgedOthers.set(keyOf(other), judged);
    }
    return group.map((pair, i): ProductMatch => {
      const match = matches[i] as JudgedPair;
      const matchPriceRatio = match.evidence.priceRatio ?? null;
      const listed = match.confidence < settings.alternativesBelow ? (others.get(pair.reference) ?? []) : [];
      const alternatives = listed.map((other): Alternative => {
        const { url, confidence, evidence, signals } = calibrated(
          other,
          judgedOthers,
          learnedOf(pair),
          matchPriceRatio,
        );
        return { url, confidence, evidence, signals };
      });
      return {
        reference_url: (judgedAccepted.get(keyOf(pair)) as PairJudgement).referenceUrl,
        website_id: websiteId,
        ...match,
        ...(alternatives.length > 0 ? { alternatives } : {}),
      };
    });
  };
  if (!emit) return { kept, chosen: await judgeGroup(accepted), surePairs };
  // The matches with evidence are most of what a large pair's run holds: judged and handed on a
  // reference group at a time, so only one group's are held.
  const groups = new Map<number, number[]>();
  for (const i of accepted) {
    const group = emit.groupOf(table.reference(i));
    const listed = groups.get(group);
    if (listed) listed.push(i);
    else groups.set(group, [i]);
  }
  for (const group of [...groups.keys()].sort((a, b) => a - b)) {
    const listed = groups.get(group) as number[];
    groups.delete(group);
    await emit.chosen(
      await judgeGroup(listed),
      listed.map((i) => ({ reference: table.reference(i), competitor: table.competitor(i) })),
    );
  }
  return { kept, chosen: [], surePairs };
}

/**
 * Where the assignment hands its chosen matches on in groups of reference products instead of
 * returning them (`PairOutcome.chosen` then empty): `groupOf` a reference position's group, the
 * groups judged and handed on in ascending order, each once.
 */
export interface EmitChosen {
  groupOf: (reference: number) => number;
  /** The group's matches, and their pairs' positions in the same order. */
  chosen: (
    matches: ProductMatch[],
    pairs: readonly { reference: number; competitor: number }[],
  ) => Promise<void>;
}

/** A scored pair's match fields, judged once however many assignments list it. */
type JudgedPair = Omit<ProductMatch, 'reference_url' | 'website_id' | 'alternatives'>;

/** Other candidates listed per match, for a person reviewing it to choose from. */
const maxAlternatives = 3;

/**
 * The best other scored pairs of each accepted pair's reference product, up to `count`, best
 * first (ties by position, so the pairs' order does not matter): one pass keeping the table
 * positions of a short list per accepted product, so no pair list is grouped whole and only the
 * lists asked for become objects.
 */
function otherCandidates(
  pairs: ScoredPairs,
  accepted: readonly number[],
  referenceProducts: number,
  count: number,
): (reference: number) => ScoredPair[] {
  const partner = new Int32Array(referenceProducts).fill(-1);
  for (const i of accepted) partner[pairs.reference(i)] = pairs.competitor(i);
  const listed = new Uint8Array(referenceProducts);
  const slots = new Int32Array(referenceProducts * count);
  // Whether pair a comes before pair b: a higher score, ties by the lower competitor position.
  const before = (a: number, b: number): boolean =>
    pairs.score(a) > pairs.score(b) ||
    (pairs.score(a) === pairs.score(b) && pairs.competitor(a) < pairs.competitor(b));
  for (let i = 0; i < pairs.length; i++) {
    const reference = pairs.reference(i);
    const chosen = partner[reference] as number;
    if (chosen === -1 || chosen === pairs.competitor(i)) continue;
    const base = reference * count;
    const length = listed[reference] as number;
    let at = length;
    while (at > 0 && before(i, slots[base + at - 1] as number)) at--;
    if (at >= count) continue;
    for (let slot = Math.min(length, count - 1); slot > at; slot--)
      slots[base + slot] = slots[base + slot - 1] as number;
    slots[base + at] = i;
    listed[reference] = Math.min(length + 1, count);
  }
  return (reference) =>
    Array.from({ length: listed[reference] as number }, (_, slot) =>
      pairs.pair(slots[reference * count + slot] as number),
    );
}

/** Equal GTINs or a model code agree: `ScoredPair.coded`. */
function agreesByIdentifier(evidence: MatchEvidence): boolean {
  return evidence.gtin === 'equal' || evidence.codes.length > 0;
}

/**
 * Each reference product's best scored pair (ties by position, so the pairs' order does not
 * matter), a product kept with its previous match counted by that match, as in the run that chose
 * it; in typed arrays, as a large run has hundreds of thousands of reference products.
 */
function* bestOfEach(
  pairs: ScoredPairs,
  plan: Pick<PairRunPlan, 'kept' | 'keptAt' | 'keptBest' | 'referenceProducts'>,
): Generator<{ score: number; coded: boolean }> {
  const score = new Float64Array(plan.referenceProducts).fill(-1);
  const competitor = new Int32Array(plan.referenceProducts);
  const coded = new Uint8Array(plan.referenceProducts);
  for (let i = 0; i < pairs.length; i++) {
    const reference = pairs.reference(i);
    const best = score[reference] as number;
    if (
      pairs.score(i) > best ||
      (pairs.score(i) === best && pairs.competitor(i) < (competitor[reference] as number))
    ) {
      score[reference] = pairs.score(i);
      competitor[reference] = pairs.competitor(i);
      coded[reference] = pairs.coded(i) ? 1 : 0;
    }
  }
  for (const [i, kept] of (plan.keptBest ?? keptBestOf(plan.kept)).entries()) {
    const reference = plan.keptAt[i] as number;
    score[reference] = kept.score;
    coded[reference] = kept.coded ? 1 : 0;
  }
  for (let reference = 0; reference < plan.referenceProducts; reference++)
    if ((score[reference] as number) >= 0)
      yield { score: score[reference] as number, coded: coded[reference] === 1 };
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
