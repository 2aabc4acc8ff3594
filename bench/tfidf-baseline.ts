/**
 * The stronger peer of the matching bench: TF-IDF cosine of title words, the textbook baseline of
 * entity matching. A pair is a match when the cosine reaches a threshold tuned for F1 on the WDC
 * training pairs; in a whole catalog each reference product takes its best competitor product.
 * Words carried by more than a tenth of the products are dropped (scikit-learn's `max_df`), as a
 * TF-IDF matcher would, so lookups stay sparse.
 */
import { foldText } from '../functions/match/index.ts';

type Vector = Map<string, number>;

const maxDocumentShare = 0.1;

function words(title: string): string[] {
  return foldText(title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Unit-length TF-IDF vectors of the titles, IDF counted over all of them. */
export function tfidfVectors(titles: readonly string[]): Vector[] {
  const tokenised = titles.map(words);
  const frequency = new Map<string, number>();
  for (const tokens of tokenised)
    for (const word of new Set(tokens)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const limit = Math.max(2, maxDocumentShare * titles.length);
  return tokenised.map((tokens) => {
    const vector: Vector = new Map();
    for (const word of tokens) {
      const df = frequency.get(word) ?? 1;
      if (df > limit) continue;
      vector.set(word, (vector.get(word) ?? 0) + Math.log(titles.length / df));
    }
    const norm = Math.sqrt([...vector.values()].reduce((sum, value) => sum + value * value, 0));
    for (const [word, value] of vector) vector.set(word, norm > 0 ? value / norm : 0);
    return vector;
  });
}

export function cosine(a: Vector, b: Vector): number {
  let sum = 0;
  for (const [word, value] of a) sum += value * (b.get(word) ?? 0);
  return sum;
}

/** Cosines of title pairs, IDF over all titles of the pairs. */
export function pairCosines(pairs: readonly { left: string; right: string }[]): number[] {
  const vectors = tfidfVectors(pairs.flatMap((pair) => [pair.left, pair.right]));
  return pairs.map((_, i) => cosine(vectors[2 * i] as Vector, vectors[2 * i + 1] as Vector));
}

/** The threshold (in steps of 0.01) with the best F1 on labelled cosines. */
export function tuneThreshold(cosines: readonly number[], labels: readonly boolean[]): number {
  let best = { f1: -1, threshold: 0.5 };
  for (let step = 1; step < 100; step++) {
    const threshold = step / 100;
    let tp = 0;
    let fp = 0;
    let fn = 0;
    cosines.forEach((value, i) => {
      if (value >= threshold) labels[i] ? tp++ : fp++;
      else if (labels[i]) fn++;
    });
    const f1 = (2 * tp) / (2 * tp + fp + fn);
    if (f1 > best.f1) best = { f1, threshold };
  }
  return best.threshold;
}

/** For each left title, the right title of highest cosine when it reaches the threshold: [left, right] positions. */
export function bestMatches(
  left: readonly string[],
  right: readonly string[],
  threshold: number,
): [number, number][] {
  const vectors = tfidfVectors([...left, ...right]);
  const postings = new Map<string, number[]>();
  right.forEach((_, j) => {
    for (const word of (vectors[left.length + j] as Vector).keys()) {
      const list = postings.get(word);
      if (list) list.push(j);
      else postings.set(word, [j]);
    }
  });
  const found: [number, number][] = [];
  left.forEach((_, i) => {
    const scores = new Map<number, number>();
    for (const [word, value] of vectors[i] as Vector)
      for (const j of postings.get(word) ?? [])
        scores.set(j, (scores.get(j) ?? 0) + value * ((vectors[left.length + j] as Vector).get(word) ?? 0));
    let best = -1;
    let bestScore = threshold;
    for (const [j, score] of scores)
      if (score >= bestScore) {
        best = j;
        bestScore = score;
      }
    if (best >= 0) found.push([i, best]);
  });
  return found;
}
