import type { MatchableProduct } from '../functions/match/index.ts';

/** Words most titles of a shop carry: the hard case for blocking, whose posting lists grow with n. */
const commonWords = ['new', 'black', 'original', 'free shipping', 'genuine', 'sale', 'best price', 'usa'];

/**
 * Two catalogs of `size` products each for timing at scale: real titles (repeated when `size`
 * exceeds them) with two common words added, different ones on each side, product i of both
 * sides built from the same title.
 */
export function syntheticCatalogs(
  titles: readonly string[],
  size: number,
): { reference: MatchableProduct[]; competitor: MatchableProduct[] } {
  const product = (side: string, i: number, words: string): MatchableProduct => ({
    url: `https://${side}.example/products/${i}`,
    name: `${titles[i % titles.length]} ${words}`,
    brand: null,
    gtin: null,
    mpn: null,
  });
  const word = (k: number): string => commonWords[k % commonWords.length] as string;
  const reference: MatchableProduct[] = [];
  const competitor: MatchableProduct[] = [];
  for (let i = 0; i < size; i++) {
    reference.push(product('reference', i, `${word(i)} ${word(i + 3)}`));
    competitor.push(product('competitor', i, `${word(i + 1)} ${word(i + 5)}`));
  }
  return { reference, competitor };
}
