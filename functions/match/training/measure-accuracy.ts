/** Precision, recall and F1 of found pairs against an answer key. */
export interface Accuracy {
  found: number;
  correct: number;
  expected: number;
  precision: number;
  recall: number;
  f1: number;
  /**
   * Precision over the found pairs that touch a product the key names (on either side): answer keys
   * that leave products out count every match of those as wrong, even one plainly right.
   */
  keyNamedPrecision: number;
}

/** Compares found [left, right] pairs with the answer key's pairs. */
export function measureAccuracy(
  found: readonly (readonly [string, string])[],
  truth: readonly (readonly [string, string])[],
): Accuracy {
  const key = ([left, right]: readonly [string, string]): string => JSON.stringify([left, right]);
  const expected = new Set(truth.map(key));
  const correct = new Set(found.map(key).filter((pair) => expected.has(pair))).size;
  const precision = found.length ? correct / found.length : 0;
  const recall = expected.size ? correct / expected.size : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const lefts = new Set(truth.map(([left]) => left));
  const rights = new Set(truth.map(([, right]) => right));
  const named = found.filter(([left, right]) => lefts.has(left) || rights.has(right)).length;
  const keyNamedPrecision = named ? correct / named : 0;
  return { found: found.length, correct, expected: expected.size, precision, recall, f1, keyNamedPrecision };
}

/**
 * Precision, recall and F1 of decisions on labelled pairs, each pair on its own: `same` holds the
 * labels, `decide(i)` the decision on pair i.
 */
export function measureDecisions(same: readonly boolean[], decide: (i: number) => boolean): Accuracy {
  const key = (i: number): [string, string] => [String(i), String(i)];
  return measureAccuracy(
    same.flatMap((_, i) => (decide(i) ? [key(i)] : [])),
    same.flatMap((label, i) => (label ? [key(i)] : [])),
  );
}
