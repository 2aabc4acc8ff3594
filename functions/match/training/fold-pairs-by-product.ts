import { DisjointSets } from '../disjoint-sets.ts';
import type { LabelledPair } from './read-labelled-pairs.ts';

/** Where a pair goes in one round of cross-validation. */
export type FoldRole = 'test' | 'train' | 'left out';

/**
 * Splits labelled pairs into `folds` groups by product, for cross-validation: titles joined by
 * matching pairs are one product, and each product falls in one fold (by a hash of its first title
 * in sort order, so the split does not depend on the order of the pairs). Titles repeat across
 * pairs: a pair is tested in fold k when both its products are in k, trained on when neither is,
 * and left out otherwise, so no title of a tested pair is seen in training.
 */
export function foldPairsByProduct(
  pairs: readonly Pick<LabelledPair, 'left' | 'right' | 'same'>[],
  folds: number,
): (fold: number, pair: number) => FoldRole {
  const products = new DisjointSets();
  for (const pair of pairs) if (pair.same) products.union(pair.left, pair.right);
  const firstTitle = new Map<string, string>();
  for (const pair of pairs)
    for (const title of [pair.left, pair.right]) {
      const product = products.find(title);
      const first = firstTitle.get(product);
      if (first === undefined || title < first) firstTitle.set(product, title);
    }
  const foldOf = (title: string): number => hash(firstTitle.get(products.find(title)) as string) % folds;
  const left = pairs.map((pair) => foldOf(pair.left));
  const right = pairs.map((pair) => foldOf(pair.right));
  return (fold, pair) => {
    const inFold = (left[pair] === fold ? 1 : 0) + (right[pair] === fold ? 1 : 0);
    return inFold === 2 ? 'test' : inFold === 0 ? 'train' : 'left out';
  };
}

/** FNV-1a over the UTF-16 code units: a stable, well-spread number for a title. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
