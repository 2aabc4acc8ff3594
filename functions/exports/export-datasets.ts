import { NO_MATCH_CONFIDENCE } from '#core/match-bands';
import type { ProductRecord } from '#core/product-record';
import type { PriceChange } from '#history/price-changes';
import type { PriceObservation } from '#history/price-observation';
import { isTrusted, type MatchStatus } from '#matching-model/match-decisions';
import { convertPrice } from './convert-price.ts';
import type { CsvValue } from './csv-lines.ts';
import { packDiffers } from './pack-differs.ts';
import type { ReferenceRates } from './reference-rates.ts';
import { variantDiffers } from './variant-differs.ts';

/** The datasets a project exports, by the name its URLs use. */
export const EXPORT_DATASETS = [
  'products',
  'matches',
  'price_comparison',
  'price_history',
  'price_changes',
] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

export const isExportDataset = (name: string): name is ExportDataset =>
  (EXPORT_DATASETS as readonly string[]).includes(name);

/**
 * One match the matching lane found: a product of the reference website and the same product on a
 * competitor website, with how sure the engine is and how it decided.
 */
export interface MatchRecord {
  reference_website_id: string;
  reference_url: string;
  competitor_website_id: string;
  competitor_url: string;
  /** 0 to 1. */
  score: number;
  /** How the match was found, e.g. `GTIN`, `MPN`, `TEXT`. */
  method: string;
  /** How likely the two are the same product, 0 to 1; absent in matches of older runs. */
  confidence?: number;
  /** What agreed and what conflicted, in one line; absent in matches of older runs. */
  evidence?: string;
  /** The reference product's next-best candidates, for the review queue; absent where there are none. */
  alternatives?: MatchAlternative[];
}

/** Another candidate partner on the competitor website of a matched reference product. */
export interface MatchAlternative {
  competitor_url: string;
  confidence: number;
  evidence: string;
}

/**
 * A match as the files show it, after the project's review: its status (a proposal's band, or the
 * decision that kept it), and no score for a pair added by hand that the engine does not propose.
 */
export type ReviewedMatch = Omit<MatchRecord, 'score'> & { score: number | null; status: MatchStatus };

/**
 * The currency exports show prices in and the rates to get there. A project without localization
 * has `currency: null`: its exports keep the shops' own prices (the design).
 */
export interface PriceConversion {
  currency: string | null;
  rates: ReferenceRates;
}

/** A shop price in the export's currency; both empty when it has no price or no reference rate. */
export function exportPrice(
  product: Pick<ProductRecord, 'price' | 'currency'>,
  conversion: PriceConversion,
): { price: string | null; currency: string | null } {
  if (product.price === null || product.currency === null) return { price: null, currency: null };
  const currency = conversion.currency ?? product.currency;
  const price = convertPrice(product.price, product.currency, currency, conversion.rates);
  return price === null ? { price: null, currency: null } : { price, currency };
}

/**
 * A shop's unit price in the export's currency with what it is per, so unit prices of shops in
 * other currencies compare; both empty when the product states no quantity or has no rate.
 */
export function exportUnitPrice(
  product: Pick<ProductRecord, 'unit_price' | 'unit' | 'currency'>,
  conversion: PriceConversion,
): { unit_price: string | null; unit: string | null } {
  const price = product.unit_price
    ? exportPrice({ price: product.unit_price, currency: product.currency }, conversion).price
    : null;
  return price === null
    ? { unit_price: null, unit: null }
    : { unit_price: price, unit: product.unit ?? null };
}

export const PRODUCT_COLUMNS = [
  'website_id',
  'url',
  'name',
  'brand',
  'gtin',
  'mpn',
  'sku',
  'price',
  'currency',
  'original_price',
  'original_currency',
  'availability',
  'image',
  'category',
  'scraped_at',
  'canonical_url',
  'price_max',
  'price_from',
  'variant_group',
  'variant_attributes',
  'unit_price',
  'unit',
  'field_sources',
] as const;

export function productRow(
  websiteId: string,
  product: ProductRecord,
  conversion: PriceConversion,
): CsvValue[] {
  const { price, currency } = exportPrice(product, conversion);
  // The top of a range in the same currency as `price`; `price_from` says `price` is its lowest.
  const max = product.price_max
    ? exportPrice({ price: product.price_max, currency: product.currency }, conversion).price
    : null;
  const { unit_price, unit } = exportUnitPrice(product, conversion);
  return [
    websiteId,
    product.url,
    product.name,
    product.brand,
    product.gtin,
    product.mpn,
    product.sku,
    price,
    currency,
    product.price,
    product.currency,
    product.availability,
    product.image,
    product.category,
    product.scraped_at,
    product.canonical_url ?? null,
    max,
    product.price === null ? null : product.price_from === true,
    product.variant_group ?? null,
    product.variant_attributes ?? null,
    unit_price,
    unit,
    product.field_sources ?? null,
  ];
}

/**
 * The products file of one URL scrape job: the products columns and what became of the URL, one
 * row per URL sent in the order sent (one per variant where its page offers variants). An OK row holds its product (with `url` the URL sent, which a
 * second URL reaching the same product also keeps); other rows hold only the website, the URL and
 * the result.
 */
export const URL_SCRAPE_COLUMNS = [...PRODUCT_COLUMNS, 'url_result'] as const;

export function urlScrapeRow(
  websiteId: string,
  outcome: { url: string; result: string },
  product: ProductRecord | undefined,
  conversion: PriceConversion,
): CsvValue[] {
  const cells: CsvValue[] = product
    ? productRow(websiteId, product, conversion)
    : PRODUCT_COLUMNS.map((column) => (column === 'website_id' ? websiteId : null));
  cells[PRODUCT_COLUMNS.indexOf('url')] = outcome.url;
  return [...cells, outcome.result];
}

export const MATCH_COLUMNS = [
  'reference_website_id',
  'reference_url',
  'reference_name',
  'reference_gtin',
  'reference_price',
  'competitor_website_id',
  'competitor_url',
  'competitor_name',
  'competitor_gtin',
  'competitor_price',
  'currency',
  'score',
  'method',
  'confidence',
  'evidence',
  'match_status',
  // Appended last, so the columns files had before keep their places.
  'variant_differs',
] as const;

/** Looks a product up by its website and URL in the catalogs the matches were made from. */
export type ProductLookup = (websiteId: string, url: string) => ProductRecord | undefined;

/**
 * One row per match. Both prices are shown in one currency so they compare; a price without a rate
 * leaves its cell empty. With a project currency `currency` is that; without one (shop prices)
 * it is filled only when both products are priced in the same currency.
 */
export function matchRow(
  match: ReviewedMatch,
  lookup: ProductLookup,
  conversion: PriceConversion,
): CsvValue[] {
  const reference = lookup(match.reference_website_id, match.reference_url);
  const competitor = lookup(match.competitor_website_id, match.competitor_url);
  const common = commonConversion(conversion, reference, competitor);
  const referencePrice = reference && common ? exportPrice(reference, common).price : null;
  const competitorPrice = competitor && common ? exportPrice(competitor, common).price : null;
  return [
    match.reference_website_id,
    match.reference_url,
    reference?.name,
    reference?.gtin,
    referencePrice,
    match.competitor_website_id,
    match.competitor_url,
    competitor?.name,
    competitor?.gtin,
    competitorPrice,
    common?.currency ?? null,
    match.score,
    match.method,
    match.confidence ?? null,
    match.evidence ?? null,
    match.status,
    reference && competitor ? variantDiffers(reference, competitor) : null,
  ];
}

/** The conversion that puts both prices in one currency, or null when there is none. */
function commonConversion(
  conversion: PriceConversion,
  ...products: (ProductRecord | undefined)[]
): PriceConversion | null {
  if (conversion.currency !== null) return conversion;
  const currencies = new Set(products.flatMap((product) => (product?.currency ? [product.currency] : [])));
  const [only] = currencies;
  return currencies.size === 1 && only ? { ...conversion, currency: only } : null;
}

/**
 * `price_comparison` has one row per reference product and, per competitor website, the URL, price
 * and score of its best trusted match (`auto`, `accepted` or `manual`; a pair waiting for review is
 * not compared): the columns depend on the project's competitors, named by website id. Its
 * `competitor_status` says `MATCHED`, `REVIEW` (no trusted match, a proposal waits for review) or
 * `NO_MATCH` (no candidate, or none at `NO_MATCH_CONFIDENCE` or more).
 */
export function priceComparisonColumns(competitorWebsiteIds: readonly string[]): string[] {
  return [
    'reference_website_id',
    'reference_url',
    'reference_name',
    'reference_gtin',
    'reference_price',
    'currency',
    'reference_original_price',
    'reference_original_currency',
    ...competitorWebsiteIds.flatMap((id) => [
      `${id}_url`,
      `${id}_price`,
      `${id}_original_price`,
      `${id}_original_currency`,
      `${id}_score`,
    ]),
    // Appended after every competitor's columns, so the columns files had before keep their places.
    ...competitorWebsiteIds.map((id) => `${id}_match_status`),
    ...competitorWebsiteIds.map((id) => `${id}_competitor_status`),
    ...packColumns(competitorWebsiteIds),
    // Per competitor, whether its match is a sibling variant (`variantDiffers`), after the pack columns.
    ...competitorWebsiteIds.map((id) => `${id}_variant_differs`),
  ];
}

/**
 * Per-unit comparison, appended last: each product's unit price in the row's currency, and per
 * competitor whether its match is sold in another pack (`packDiffers`), so a 4-pack is not read as
 * four times dearer than one piece.
 */
function packColumns(competitorWebsiteIds: readonly string[]): string[] {
  return [
    'reference_unit_price',
    'reference_unit',
    ...competitorWebsiteIds.flatMap((id) => [`${id}_unit_price`, `${id}_unit`, `${id}_pack_differs`]),
  ];
}

/** What the price comparison says of a reference product at one competitor. */
export type CompetitorStatus = 'MATCHED' | 'REVIEW' | 'NO_MATCH';

/** A match users kept (accepted or added) outranks any proposal; proposals rank by score. */
const rank = (match: ReviewedMatch) =>
  match.status === 'auto' ? (match.score ?? 0) : Number.POSITIVE_INFINITY;

/**
 * The row of one reference product. `matches` are its matches (any order); per competitor a kept
 * match wins, else the best score, the first of equals. Needs a project currency: without one there
 * is no common currency to compare in, so the converted cells stay empty unless the shop's currency
 * is shared.
 */
export function priceComparisonRow(
  reference: { website_id: string; product: ProductRecord },
  matches: readonly ReviewedMatch[],
  competitorWebsiteIds: readonly string[],
  lookup: ProductLookup,
  conversion: PriceConversion,
): CsvValue[] {
  const best = new Map<string, ReviewedMatch>();
  const pending = new Set<string>();
  for (const match of matches) {
    if (!isTrusted(match.status)) {
      if ((match.confidence ?? 0) >= NO_MATCH_CONFIDENCE) pending.add(match.competitor_website_id);
      continue;
    }
    const held = best.get(match.competitor_website_id);
    if (!held || rank(match) > rank(held)) best.set(match.competitor_website_id, match);
  }
  const matched = [...best.values()].map((match) =>
    lookup(match.competitor_website_id, match.competitor_url),
  );
  const common = commonConversion(conversion, reference.product, ...matched);
  const priced = (product: ProductRecord | undefined) =>
    product && common ? exportPrice(product, common).price : null;
  return [
    reference.website_id,
    reference.product.url,
    reference.product.name,
    reference.product.gtin,
    priced(reference.product),
    common?.currency,
    reference.product.price,
    reference.product.currency,
    ...competitorWebsiteIds.flatMap((id) => {
      const match = best.get(id);
      const product = match && lookup(id, match.competitor_url);
      return [match?.competitor_url, priced(product), product?.price, product?.currency, match?.score];
    }),
    ...competitorWebsiteIds.map((id) => best.get(id)?.status),
    ...competitorWebsiteIds.map(
      (id): CompetitorStatus => (best.has(id) ? 'MATCHED' : pending.has(id) ? 'REVIEW' : 'NO_MATCH'),
    ),
    ...packCells(reference.product, competitorWebsiteIds, best, lookup, common),
    ...competitorWebsiteIds.map((id) => {
      const match = best.get(id);
      const product = match && lookup(id, match.competitor_url);
      return product ? variantDiffers(reference.product, product) : null;
    }),
  ];
}

/** The cells of `packColumns`: empty for a competitor without a match. */
function packCells(
  reference: ProductRecord,
  competitorWebsiteIds: readonly string[],
  best: ReadonlyMap<string, ReviewedMatch>,
  lookup: ProductLookup,
  common: PriceConversion | null,
): CsvValue[] {
  const perUnit = (product: ProductRecord | undefined): CsvValue[] => {
    const { unit_price, unit } =
      product && common ? exportUnitPrice(product, common) : { unit_price: null, unit: null };
    return [unit_price, unit];
  };
  return [
    ...perUnit(reference),
    ...competitorWebsiteIds.flatMap((id) => {
      const match = best.get(id);
      const product = match && lookup(id, match.competitor_url);
      return [...perUnit(product), product ? packDiffers(reference, product) : null];
    }),
  ];
}

/**
 * `price_history`: every observation the website's history (or each website's) holds, a product's
 * oldest first. Prices stay in the shop's own currency: converting a past price at today's rate would
 * change the history.
 */
export const PRICE_HISTORY_COLUMNS = [
  'website_id',
  'product_id',
  'url',
  'observed_at',
  'price',
  'currency',
  'availability',
  'job_id',
] as const;

export function priceHistoryRow(websiteId: string, observation: PriceObservation): CsvValue[] {
  return [
    websiteId,
    observation.product_id,
    observation.url,
    observation.observed_at,
    observation.price,
    observation.currency,
    observation.availability,
    observation.job_id,
  ];
}

/** A change with where it was found and the reference product it is linked to, as the changes list shows it. */
export interface ExportedChange extends PriceChange {
  website_id: string;
  job_id: string;
  detected_at: string;
  product_name: string | null;
  matched_reference: { website_id: string; product_id: string; url: string; name: string | null } | null;
}

/** `price_changes`: the project's changes (or one website's), oldest first, in the shop's currency. */
export const PRICE_CHANGE_COLUMNS = [
  'detected_at',
  'website_id',
  'kind',
  'product_id',
  'product_url',
  'product_name',
  'previous_price',
  'current_price',
  'currency',
  'price_change',
  'price_change_percent',
  'previous_availability',
  'current_availability',
  'reference_website_id',
  'reference_product_id',
  'reference_url',
  'reference_name',
  'job_id',
] as const;

export function priceChangeRow(change: ExportedChange): CsvValue[] {
  const reference = change.matched_reference;
  return [
    change.detected_at,
    change.website_id,
    change.kind,
    change.product_id,
    change.product_url,
    change.product_name,
    change.previous_price,
    change.current_price,
    change.currency,
    change.price_change,
    change.price_change_percent,
    change.previous_availability,
    change.current_availability,
    reference?.website_id,
    reference?.product_id,
    reference?.url,
    reference?.name,
    change.job_id,
  ];
}
