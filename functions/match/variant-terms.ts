import { foldText } from './fold-text.ts';

/**
 * Attribute names shops write for one thing, in the languages the service crawls: a variant's
 * "Color" at one shop is its "Colour" or "Farbe" at another.
 */
const attributeNames: Record<string, string> = {
  color: 'colour',
  colour: 'colour',
  farbe: 'colour',
  barva: 'colour',
  couleur: 'colour',
  colore: 'colour',
  kolor: 'colour',
  size: 'size',
  grosse: 'size',
  groesse: 'size',
  velikost: 'size',
  taille: 'size',
  taglia: 'size',
  rozmiar: 'size',
  maat: 'size',
};

/** Clothing sizes written out or abbreviated: one spelling each. */
const sizeWords: Record<string, string> = {
  'extra small': 'xs',
  'x small': 'xs',
  small: 's',
  medium: 'm',
  large: 'l',
  'extra large': 'xl',
  'x large': 'xl',
  'xx large': 'xxl',
  '2xl': 'xxl',
  'xxx large': 'xxxl',
  '3xl': 'xxxl',
};

/** Colour names with two spellings. */
const colourWords: Record<string, string> = { gray: 'grey' };

/**
 * A variant's attributes as terms, one per attribute (`variant:size=m`, `variant:colour=red`),
 * names and values in one spelling: folded, separators as spaces, sizes and colours by their usual
 * names. Two shops' same variant share its terms, so blocking finds it among 300 siblings of one
 * name, and siblings differ in one. No attributes, no terms.
 */
export function variantTerms(attributes: Readonly<Record<string, string>> | null | undefined): string[] {
  if (!attributes) return [];
  const terms = new Set<string>();
  for (const [name, value] of Object.entries(attributes)) {
    const key = spelled(name);
    const plain = spelled(value);
    if (!key || !plain) continue;
    const canonicalKey = attributeNames[key] ?? key;
    const canonicalValue =
      canonicalKey === 'size'
        ? (sizeWords[plain] ?? plain)
        : canonicalKey === 'colour'
          ? (colourWords[plain] ?? plain)
          : plain;
    terms.add(`${variantPrefix}${canonicalKey}=${canonicalValue}`);
  }
  return [...terms].sort();
}

/** What starts every variant term, so none is taken for a word of a name. */
export const variantPrefix = 'variant:';

/**
 * Whether two products' variants differ: both name a value of one attribute, and the values differ
 * ("size=m" against "size=l"). Attributes only one names (a shop that sells one colour names no
 * colour) say nothing.
 */
export function variantsDiffer(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const values = new Map(a.map((term) => splitTerm(term)));
  return b.some((term) => {
    const [name, value] = splitTerm(term);
    const other = values.get(name);
    return other !== undefined && other !== value;
  });
}

function splitTerm(term: string): [string, string] {
  const at = term.indexOf('=');
  return [term.slice(0, at), term.slice(at + 1)];
}

function spelled(text: string): string {
  return foldText(text)
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .trim();
}
