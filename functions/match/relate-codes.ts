import type { ProductFeatures } from './describe-product.ts';
import { minContainedCode } from './min-contained-code.ts';
import type { ProductWeights } from './weigh-terms.ts';

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

/**
 * A number this long is an identifier (a UPC, EAN or maker's part number, "42050142"), not a size
 * or a year, which shorter numbers run together could spell.
 */
export const minIdentifyingNumber = 8;

/** Which model codes of a and b agree, and how; `aWeighed` and `bWeighed` are their weights (`TermWeights.of`). */
export function relateCodes(
  a: ProductFeatures,
  aWeighed: ProductWeights,
  b: ProductFeatures,
  bWeighed: ProductWeights,
): CodeAgreement {
  const agreement: CodeAgreement = { codes: [], relation: null, weight: 0 };
  const aWeights = aWeighed.codes;
  const bWeights = bWeighed.codes;
  if (a.codes.length === 0 || b.codes.length === 0) {
    // Without codes on one side only spellings in the other's text can agree.
    for (let i = 0; i < a.codes.length; i++)
      spelled(a.codes[i] as string, aWeights[i] as number, b, agreement);
    for (let k = 0; k < b.codes.length; k++)
      spelled(b.codes[k] as string, bWeights[k] as number, a, agreement);
    return agreement;
  }
  // Codes of each side that agree with one of the other's: a pair is compared with many others, so
  // small arrays rather than sets.
  const found: string[] = [];
  const foundInB: string[] = [];
  for (let i = 0; i < a.codes.length; i++) {
    const x = a.codes[i] as string;
    let best = 0;
    let bestCode = '';
    let bestPartner = '';
    let bestKind: CodeRelation = 'equal';
    for (let k = 0; k < b.codes.length; k++) {
      const y = b.codes[k] as string;
      const kind: CodeRelation | null =
        x === y
          ? 'equal'
          : containsAtEnd(x, y) || containsAtEnd(y, x)
            ? 'contained'
            : sameStem(x, y)
              ? 'stem'
              : null;
      if (!kind) continue;
      const amount = (aWeights[i] as number) * (bWeights[k] as number) * (kind === 'stem' ? weakFactor : 1);
      if (amount > best) {
        best = amount;
        bestCode = x.length <= y.length ? x : y;
        bestKind = kind;
        bestPartner = y;
      }
    }
    if (best > 0) {
      note(agreement, bestCode, bestKind, best);
      found.push(x);
      foundInB.push(bestPartner);
    }
  }
  for (let i = 0; i < a.codes.length; i++)
    if (!found.includes(a.codes[i] as string))
      spelled(a.codes[i] as string, aWeights[i] as number, b, agreement);
  for (let k = 0; k < b.codes.length; k++)
    if (!foundInB.includes(b.codes[k] as string))
      spelled(b.codes[k] as string, bWeights[k] as number, a, agreement);
  return agreement;
}

/** Adds an agreeing code once, with its weight, and keeps the strongest relation. */
function note(agreement: CodeAgreement, code: string, kind: CodeRelation, amount: number): void {
  if (!agreement.codes.includes(code)) agreement.codes.push(code);
  agreement.weight += amount;
  if (!agreement.relation || strength[kind] > strength[agreement.relation]) agreement.relation = kind;
}

/** A code of one side (weighing `weight`) that the other only spells differently, or names in its description. */
function spelled(x: string, weight: number, other: ProductFeatures, agreement: CodeAgreement): void {
  if (agreement.codes.includes(x) || x.length < (/[a-z]/.test(x) ? minContainedCode : minIdentifyingNumber))
    return;
  if (other.compact.includes(x)) note(agreement, x, 'text', weight ** 2 * weakFactor);
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
