import { asModelCode } from './as-model-code.ts';

/** Words that join a title's parts rather than start a model name ("for 2.5", "with 2"). */
const joinWords = new Set([
  'and',
  'for',
  'with',
  'from',
  'the',
  'to',
  'of',
  'in',
  'on',
  'by',
  'or',
  'per',
  'set',
  'pack',
  'plus',
  'only',
  'new',
]);

const ordinal = /^\d+(?:st|nd|rd|th)$/;

/**
 * Model-number-like codes in a folded text, written without separators ("TS-W259S4" -> "tsw259s4"):
 * a word of letters and digits, a number of four or more digits, or a short letter prefix split
 * from a three-digit model number ("SH 350" -> "sh350", but not "with 350"). Ordinals ("4th") are
 * no codes.
 */
export function findModelCodes(text: string): string[] {
  const codes = new Set<string>();
  const chunks = text
    .split(/[\s,;:()[\]{}|+!?*"]+/)
    .map((chunk) => chunk.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, ''))
    .filter(Boolean);
  chunks.forEach((chunk, i) => {
    const code = asModelCode(chunk);
    if (code && !ordinal.test(code)) codes.add(code);
    const next = chunks[i + 1];
    // Longer numbers are codes on their own, and joining them would only repeat them.
    if (next && /^[a-z]{2,4}$/.test(chunk) && !joinWords.has(chunk) && /^\d{3}$/.test(next)) {
      const joined = asModelCode(chunk + next);
      if (joined) codes.add(joined);
    }
  });
  return [...codes];
}
