import { ScoredPairs } from './scored-pairs.ts';

/** A scored candidate pair, by position in the reference and competitor catalogs. */
export interface ScoredPair {
  reference: number;
  competitor: number;
  score: number;
  /** Whether an identifier agrees between the two: a GTIN or a model code. */
  coded: boolean;
  /**
   * The pair decision on its own (`PairJudgement.confidence`) where blocking computed it (the
   * learned scorer ran to score the pair), else NaN or absent.
   */
  learned?: number;
}

/** When a best pair is taken for the same product. */
export interface AcceptanceRule {
  /** Accepted on its own: more than half of the weighted title is shared. */
  minScore: number;
  /** Below `minScore`, a pair is still accepted from this score on when it stands out... */
  minMarginScore: number;
  /** ...by this ratio over the best other pair of either of its two products. */
  marginRatio: number;
  /**
   * A pair that agrees by a model code is accepted on its own only from this score, and between
   * `minScore` and this...
   */
  minCodedScore: number;
  /** ...when it stands out by this ratio: a code shared by near-equal pairs names a series. */
  codedMarginRatio: number;
}

/**
 * One-to-one assignment: pairs are taken greedily, best score first, when neither product is
 * taken yet and the rule accepts the pair. The margin compares a pair with the runner-up of both its
 * products among all scored pairs, so a product with several near-equal look-alikes (sizes and
 * colours of one series) is left unmatched rather than matched to a guess. A pair agreeing by no
 * identifier between shops where such pairs are suspect (`uncodedPairsSuspect`) is proposed all the
 * same: its calibrated confidence reads the suspicion, so it waits for review rather than being
 * dropped (docs/decisions.md, "A suspect guess waits for review").
 */
export function chooseMatches(
  pairs: ScoredPairs | readonly ScoredPair[],
  rule: AcceptanceRule,
  taken: { reference: Set<number>; competitor: Set<number> },
): ScoredPair[] {
  const table = pairs instanceof ScoredPairs ? pairs : ScoredPairs.of(pairs);
  return chooseMatchesOf(table, rule, taken).map((i) => table.pair(i));
}

/** `chooseMatches` over pairs in typed arrays, giving the accepted pairs' positions in the table, best first. */
export function chooseMatchesOf(
  pairs: ScoredPairs,
  rule: AcceptanceRule,
  taken: { reference: Set<number>; competitor: Set<number> },
): number[] {
  const runnerUp = runnerUpOf(pairs);
  const accepted: number[] = [];
  const ordered = new Int32Array(pairs.length);
  for (let i = 0; i < ordered.length; i++) ordered[i] = i;
  ordered.sort(
    (a, b) =>
      pairs.score(b) - pairs.score(a) ||
      pairs.reference(a) - pairs.reference(b) ||
      pairs.competitor(a) - pairs.competitor(b),
  );
  for (const i of ordered) {
    const reference = pairs.reference(i);
    const competitor = pairs.competitor(i);
    if (taken.reference.has(reference) || taken.competitor.has(competitor)) continue;
    const score = pairs.score(i);
    const coded = pairs.coded(i);
    const rival = runnerUp(reference, competitor, score);
    const sure = coded
      ? score >= rule.minCodedScore || (score >= rule.minScore && score >= rule.codedMarginRatio * rival)
      : score >= rule.minScore;
    const standsOut = score >= rule.minMarginScore && score >= rule.marginRatio * rival;
    if (!sure && !standsOut) continue;
    taken.reference.add(reference);
    taken.competitor.add(competitor);
    accepted.push(i);
  }
  return accepted;
}

/**
 * The best score of the other pairs of either of a pair's two products, among `pairs`: how far a
 * pair stands out from its look-alikes.
 */
export function runnerUps(pairs: ScoredPairs | readonly ScoredPair[]): (pair: ScoredPair) => number {
  const runnerUp = runnerUpOf(pairs instanceof ScoredPairs ? pairs : ScoredPairs.of(pairs));
  return (pair) => runnerUp(pair.reference, pair.competitor, pair.score);
}

function runnerUpOf(pairs: ScoredPairs): (reference: number, competitor: number, score: number) => number {
  const referenceTop = topTwo(pairs, (i) => pairs.reference(i));
  const competitorTop = topTwo(pairs, (i) => pairs.competitor(i));
  return (reference, competitor, score) =>
    Math.max(other(referenceTop, reference, score), other(competitorTop, competitor, score));
}

/**
 * The two best scores of each product's pairs, by position: best at 2p, second at 2p + 1. One typed
 * array rather than a pair of numbers per product, as a large run has hundreds of thousands of them.
 */
function topTwo(pairs: ScoredPairs, side: (i: number) => number): Float64Array {
  let products = 0;
  for (let i = 0; i < pairs.length; i++) products = Math.max(products, side(i) + 1);
  const top = new Float64Array(2 * products);
  for (let i = 0; i < pairs.length; i++) {
    const at = 2 * side(i);
    const score = pairs.score(i);
    const first = top[at] as number;
    if (score > first) {
      top[at] = score;
      top[at + 1] = first;
    } else if (score > (top[at + 1] as number)) top[at + 1] = score;
  }
  return top;
}

/** The best score of the product's pairs other than this pair's: the second best when this pair is the best. */
function other(top: Float64Array, product: number, score: number): number {
  const first = top[2 * product] as number;
  return first === score ? (top[2 * product + 1] as number) : first;
}
