/** An upper-case code with digits standing as its own token of the path ("/12-chair-PL04512.html"). */
const CODE = '(?:^|[/_.-])([A-Z]{1,5}\\d{3,}[A-Z0-9]*)(?=$|[/_.-])';

/**
 * The pattern that reads a SKU from product URLs, for shops that show the code nowhere else: used
 * only when nearly every sampled product path carries exactly one such code and no two share it.
 */
export function learnSkuFromUrl(paths: readonly string[]): string | null {
  if (paths.length === 0) return null;
  const pattern = new RegExp(CODE, 'g');
  const codes = paths.map((path) => [...path.matchAll(pattern)].map((match) => match[1]));
  const single = codes.filter((found) => found.length === 1).map((found) => found[0]);
  if (single.length < paths.length * 0.9 || new Set(single).size !== single.length) return null;
  return CODE;
}
