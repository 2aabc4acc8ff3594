/**
 * Scores extracted product records against the real-page expectations, by the rules of
 * data/extraction/README.md: every field of every page is scored; a page without a record counts
 * each of its scored fields as wrong; an expected null is right only when the record has no value.
 */

export const SCORED_FIELDS = [
  'name',
  'price',
  'currency',
  'brand',
  'gtin',
  'sku',
  'mpn',
  'availability',
] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];
/** The fields the README's total is taken over. */
export const TOTAL_FIELDS: readonly ScoredField[] = ['name', 'price', 'currency', 'brand', 'gtin', 'sku'];

/** What an extractor says about one page, in the engine's vocabulary; null fields mean "no value". */
export interface ExtractedFields {
  name: string | null;
  brand: string | null;
  sku: string | null;
  mpn: string | null;
  gtin: string | null;
  price: string | null;
  currency: string | null;
  availability: string | null;
}

export interface ExpectedPage extends Omit<ExtractedFields, 'availability'> {
  id: string;
  path: string;
  url: string;
  availability: 'InStock' | 'OutOfStock' | null;
  unscored: string[];
  /** One shop across its hosts and country sites (more-real-pages); absent where the host is the shop. */
  shop_family?: string;
  [alternatives: `${string}_alternatives`]: unknown;
}

export interface FieldScore {
  right: number;
  scored: number;
}

export interface ExtractionScore {
  fields: Record<ScoredField, FieldScore>;
  /** Right / scored over TOTAL_FIELDS. */
  total: number;
  pagesWithRecord: number;
  pages: number;
  misses: { id: string; url: string; field: ScoredField; expected: unknown; actual: unknown }[];
}

export function accuracy(score: FieldScore): number {
  return score.scored === 0 ? 1 : score.right / score.scored;
}

export function scoreExtraction(
  pages: readonly ExpectedPage[],
  records: ReadonlyMap<string, ExtractedFields | null>,
): ExtractionScore {
  const fields = Object.fromEntries(SCORED_FIELDS.map((field) => [field, { right: 0, scored: 0 }])) as Record<
    ScoredField,
    FieldScore
  >;
  const misses: ExtractionScore['misses'] = [];
  let pagesWithRecord = 0;
  for (const page of pages) {
    const record = records.get(page.id) ?? null;
    if (record) pagesWithRecord++;
    for (const field of SCORED_FIELDS) {
      if (page.unscored.includes(field)) continue;
      const expected = [page[field], ...((page[`${field}_alternatives`] as unknown[] | undefined) ?? [])];
      const actual = record ? record[field] : null;
      const right =
        record !== null && expected.some((value) => sameValue(field, value as string | null, actual));
      fields[field].scored++;
      if (right) fields[field].right++;
      else misses.push({ id: page.id, url: page.url, field, expected: page[field], actual });
    }
  }
  const totals = TOTAL_FIELDS.reduce(
    (sum, field) => ({ right: sum.right + fields[field].right, scored: sum.scored + fields[field].scored }),
    { right: 0, scored: 0 },
  );
  return { fields, total: accuracy(totals), pagesWithRecord, pages: pages.length, misses };
}

function sameValue(field: ScoredField, expected: string | null, actual: string | null): boolean {
  const value =
    actual === null || actual === undefined || String(actual).trim() === '' ? null : String(actual);
  if (expected === null) return value === null;
  if (value === null) return false;
  switch (field) {
    case 'name':
      return sameName(expected, value);
    case 'price':
      return sameDecimal(expected, value);
    case 'currency':
      return expected === value;
    case 'brand':
      return brandKey(expected) === brandKey(value);
    case 'gtin':
      return digits(expected) !== '' && digits(expected) === digits(value);
    case 'availability':
      return availabilityKey(expected) === availabilityKey(value);
    default:
      return expected.trim().toLowerCase() === value.trim().toLowerCase();
  }
}

function nameKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function sameName(expected: string, actual: string): boolean {
  const a = nameKey(expected);
  const b = nameKey(actual);
  if (a === b) return true;
  const left = new Set(a.split(' '));
  const right = new Set(b.split(' '));
  const shared = [...left].filter((token) => right.has(token)).length;
  return shared / (left.size + right.size - shared) >= 0.9;
}

/** Exact decimal equality: "12.50" equals "12.5"; anything that is not a plain decimal is wrong. */
function sameDecimal(expected: string, actual: string): boolean {
  const plain = /^(\d+)(?:\.(\d+))?$/;
  const a = plain.exec(expected.trim());
  const b = plain.exec(actual.trim());
  if (!a || !b) return false;
  const key = (match: RegExpExecArray): string =>
    `${(match[1] as string).replace(/^0+(?=\d)/, '')}.${(match[2] ?? '').replace(/0+$/, '')}`;
  return key(a) === key(b);
}

function brandKey(text: string): string {
  return text.replace(/[®™©]/g, '').trim().toLowerCase();
}

function digits(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+/, '');
}

/** schema.org names and the engine's enum name the same states. */
function availabilityKey(text: string): string {
  return text
    .replace(/^https?:\/\/schema\.org\//, '')
    .replace(/_/g, '')
    .toLowerCase();
}
