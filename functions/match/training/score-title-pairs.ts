import type { BoostedTrees } from '../boosted-trees.ts';
import { compareProducts, type PairScore } from '../compare-products.ts';
import type { ProductFeatures } from '../describe-product.ts';
import { titleDescriber } from '../describe-title.ts';
import { judgePair, type PairJudgement } from '../judge-pair.ts';
import { pairFeatures } from '../pair-features.ts';
import { type TermWeights, weighTerms } from '../weigh-terms.ts';
import type { LabelledPair } from './read-labelled-pairs.ts';

export interface TitlePairScore extends PairScore {
  /** The learned scorer's input (`pairFeatures`). */
  features: number[];
}

type TitlePair = Pick<LabelledPair, 'left' | 'right'>;

/** The rule's score and the learned scorer's input for pairs of bare titles (`describeTitlePairs`). */
export function scoreTitlePairs(pairs: readonly TitlePair[]): TitlePairScore[] {
  return describeTitlePairs(pairs, (a, b, weights) => {
    const scored = compareProducts(a, b, weights);
    return { ...scored, features: pairFeatures(a, b, weights, scored.evidence, scored.score) };
  });
}

/**
 * The engine's judgement (`judgePair`) of pairs of bare titles (`describeTitlePairs`), by the
 * committed learned scorer unless `scorer` is given.
 */
export function judgeTitlePairs(pairs: readonly TitlePair[], scorer?: BoostedTrees): PairJudgement[] {
  return describeTitlePairs(pairs, (a, b, weights) => judgePair(a, b, weights, true, scorer));
}

/**
 * Scores pairs of bare titles as the engine scores catalog pairs. The titles of each side form a
 * catalog (each distinct title once), so terms are weighted by how many offers carry them, as in a
 * run over two whole catalogs.
 */
function describeTitlePairs<T>(
  pairs: readonly TitlePair[],
  score: (a: ProductFeatures, b: ProductFeatures, weights: TermWeights) => T,
): T[] {
  const describeSide = (titles: string[]): Map<string, ProductFeatures> => {
    const describe = titleDescriber();
    return new Map([...new Set(titles)].map((title) => [title, describe(title)]));
  };
  const left = describeSide(pairs.map((pair) => pair.left));
  const right = describeSide(pairs.map((pair) => pair.right));
  const weights = weighTerms([[...left.values()], [...right.values()]]);
  return pairs.map((pair) =>
    score(left.get(pair.left) as ProductFeatures, right.get(pair.right) as ProductFeatures, weights),
  );
}
