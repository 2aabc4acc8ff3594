import { compareProducts, type PairScore } from './compare-products.ts';
import { describeProduct, type ProductFeatures } from './describe-product.ts';
import { pairFeatures } from './pair-features.ts';
import type { LabelledPair } from './read-labelled-pairs.ts';
import { weighTerms } from './weigh-terms.ts';

export interface TitlePairScore extends PairScore {
  /** The learned scorer's input (`pairFeatures`). */
  features: number[];
}

/**
 * Scores pairs of bare titles as the engine scores catalog pairs. The titles of each side form a
 * catalog (each distinct title once), so terms are weighted by how many offers carry them, as in a
 * run over two whole catalogs.
 */
export function scoreTitlePairs(pairs: readonly Pick<LabelledPair, 'left' | 'right'>[]): TitlePairScore[] {
  const describeSide = (titles: string[]): Map<string, ProductFeatures> =>
    new Map(
      [...new Set(titles)].map((title, i) => [
        title,
        describeProduct({ url: String(i), name: title, brand: null, gtin: null, mpn: null }),
      ]),
    );
  const left = describeSide(pairs.map((pair) => pair.left));
  const right = describeSide(pairs.map((pair) => pair.right));
  const weights = weighTerms([[...left.values()], [...right.values()]]);
  return pairs.map((pair) => {
    const a = left.get(pair.left) as ProductFeatures;
    const b = right.get(pair.right) as ProductFeatures;
    const scored = compareProducts(a, b, weights);
    return { ...scored, features: pairFeatures(a, b, weights, scored.evidence) };
  });
}
