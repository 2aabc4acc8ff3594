import type { ProductFeatures } from './describe-product.ts';
import { minContainedCode } from './min-contained-code.ts';
import type { TermWeights } from './weigh-terms.ts';

/**
 * How a model code of one product is found in the other, strongest first: the same code, one code
 * at the start or end of the other (a shop's prefix, a colour suffix), the same code once trailing
 * letters are dropped from both (colour and region variants "FDB130WH" / "FDB130RGS"), or the code
 * spelled inside the other's text with other separators or spaces ("SX10IS" in "SX10 IS").
 */
export type CodeRelation = 'equal' | 'contained' | 'stem' | 'text';

export interface CodeAgreement {
  /** Codes found in both, each once (the shorter spelling). */
  codes: string[];
  /** The strongest relation found, null when no code agrees. */
  relation: CodeRelation | null;
  /** Weighted sum of the agreeing codes, on the cosine's scale. */
  weight: number;
}

const strength: Record<CodeRelation, number> = { equal: 4, contained: 3, stem: 2, text: 1 };
/** A stem or in-text agreement says less than the same code written the same way. */
const weakFactor = 0.5;

/** Which model codes of a and b agree, and how. */
export function relateCodes(a: ProductFeatures, b: ProductFeatures, weights: TermWeights): CodeAgreement {
  if (a.codes.length === 0 && b.codes.length === 0) return { codes: [], relation: null, weight: 0 };
  const codes = new Set<string>();
  let relation: CodeRelation | null = null;
  let weight = 0;
  const note = (code: string, kind: CodeRelation, amount: number): void => {
    codes.add(code);
    weight += amount;
    if (!relation || strength[kind] > strength[relation]) relation = kind;
  };
  const found = new Set<string>();
  const foundInB = new Set<string>();
  for (const x of a.codes) {
    let best = 0;
    let bestCode = '';
    let bestPartner = '';
    let bestKind: CodeRelation = 'equal';
    for (const y of b.codes) {
      const kind: CodeRelation | null =
        x === y
          ? 'equal'
          : containsAtEnd(x, y) || containsAtEnd(y, x)
            ? 'contained'
            : sameStem(x, y)
              ? 'stem'
              : null;
      if (!kind) continue;
      const amount = weights.code(x) * weights.code(y) * (kind === 'stem' ? weakFactor : 1);
      if (amount > best) {
        best = amount;
        bestCode = x.length <= y.length ? x : y;
        bestKind = kind;
        bestPartner = y;
      }
    }
    if (best > 0) {
      note(bestCode, bestKind, best);
      found.add(x);
      foundInB.add(bestPartner);
    }
  }
  // Codes of one side that the other only spells differently, or names in its description.
  const spelled = (x: string, other: ProductFeatures): void => {
    if (codes.has(x) || x.length < minContainedCode || !/[a-z]/.test(x)) return;
    if (other.compact.includes(x)) note(x, 'text', weights.code(x) ** 2 * weakFactor);
  };
  for (const x of a.codes) if (!found.has(x)) spelled(x, b);
  for (const y of b.codes) if (!foundInB.has(y)) spelled(y, a);
  return { codes: [...codes], relation, weight };
}

/** The shorter code starts or ends the longer one, and is long enough to name a model. */
function containsAtEnd(long: string, short: string): boolean {
  return short.length >= minContainedCode && (long.startsWith(short) || long.endsWith(short));
}

/** Equal once trailing letters (a colour, a region) are dropped, and still long enough to name a model. */
function sameStem(x: string, y: string): boolean {
  const stem = stemLength(x);
  if (stem === x.length || stem < minContainedCode || stemLength(y) !== stem || y.length === stem)
    return false;
  return x.startsWith(y.slice(0, stem)) && /[a-z]/.test(x.slice(0, stem));
}

/** Length of the code without its trailing letters. */
function stemLength(code: string): number {
  let end = code.length;
  while (end > 0 && code.charCodeAt(end - 1) >= 97) end--;
  return end;
}
