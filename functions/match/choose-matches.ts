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
  pairs: readonly ScoredPair[],
  rule: AcceptanceRule,
  taken: { reference: Set<number>; competitor: Set<number> },
): ScoredPair[] {
  const runnerUp = runnerUps(pairs);
  const accepted: ScoredPair[] = [];
  const ordered = [...pairs].sort(
    (a, b) => b.score - a.score || a.reference - b.reference || a.competitor - b.competitor,
  );
  for (const pair of ordered) {
    if (taken.reference.has(pair.reference) || taken.competitor.has(pair.competitor)) continue;
    const sure = pair.coded
      ? pair.score >= rule.minCodedScore ||
        (pair.score >= rule.minScore && pair.score >= rule.codedMarginRatio * runnerUp(pair))
      : pair.score >= rule.minScore;
    const standsOut = pair.score >= rule.minMarginScore && pair.score >= rule.marginRatio * runnerUp(pair);
    if (!sure && !standsOut) continue;
    taken.reference.add(pair.reference);
    taken.competitor.add(pair.competitor);
    accepted.push(pair);
  }
  return accepted;
}

/**
 * The best score of the other pairs of either of a pair's two products, among `pairs`: how far a
 * pair stands out from its look-alikes.
 */
export function runnerUps(pairs: readonly ScoredPair[]): (pair: ScoredPair) => number {
  const referenceTop = topTwo(pairs, (pair) => pair.reference);
  const competitorTop = topTwo(pairs, (pair) => pair.competitor);
  return (pair) =>
    Math.max(
      other(referenceTop, pair.reference, pair.score),
      other(competitorTop, pair.competitor, pair.score),
    );
}

/**
 * The two best scores of each product's pairs, by position: best at 2p, second at 2p + 1. One typed
 * array rather than a pair of numbers per product, as a large run has hundreds of thousands of them.
 */
function topTwo(pairs: readonly ScoredPair[], side: (pair: ScoredPair) => number): Float64Array {
  let products = 0;
  for (const pair of pairs) products = Math.max(products, side(pair) + 1);
  const top = new Float64Array(2 * products);
  for (const pair of pairs) {
    const at = 2 * side(pair);
    const first = top[at] as number;
    if (pair.score > first) {
      top[at] = pair.score;
      top[at + 1] = first;
    } else if (pair.score > (top[at + 1] as number)) top[at + 1] = pair.score;
  }
  return top;
}

/** The best score of the product's pairs other than this pair's: the second best when this pair is the best. */
function other(top: Float64Array, product: number, score: number): number {
  const first = top[2 * product] as number;
  return first === score ? (top[2 * product + 1] as number) : first;
}
