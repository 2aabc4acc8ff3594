/**
 * Where a record's value was read: the page's structured data (JSON-LD, microdata, RDFa, Open Graph),
 * data the page embeds for its scripts (Shopify's product JSON, Next.js page data, script state,
 * `data-*` attributes), the shop's learned markup rules, the URL, or generic page rules.
 */
export type FieldSource =
  | 'jsonld'
  | 'microdata'
  | 'rdfa'
  | 'opengraph'
  | 'shopify'
  | 'nextdata'
  | 'script'
  | 'attributes'
  | 'selector'
  | 'url'
  | 'heuristic';

export type SourcedField =
  | 'name'
  | 'brand'
  | 'gtin'
  | 'mpn'
  | 'sku'
  | 'price'
  | 'currency'
  | 'availability'
  | 'image'
  | 'category';

export const AVAILABILITIES = ['IN_STOCK', 'OUT_OF_STOCK', 'PREORDER', 'UNKNOWN'] as const;

export type Availability = (typeof AVAILABILITIES)[number];

/** What a unit price is per: a kilogram, a litre, a metre, a square metre, a piece. */
export const PRICE_UNITS = ['kg', 'l', 'm', 'm2', 'piece'] as const;

export type PriceUnit = (typeof PRICE_UNITS)[number];

/** One product as catalogs, samples and exports carry it; null where the shop does not say. */
export interface ProductRecord {
  /** The URL that was fetched: the one the user sent or the crawl found (before any redirect). */
  url: string;
  /**
   * The page's canonical link (else the product URL its structured data declares, else the address
   * the fetch ended at); absent on records read before it existed. It may point to another host or a
   * missing page, so it is shown beside `url`, not instead of it; which product a record is, is
   * `productIdentity`.
   */
  canonical_url?: string | null;
  name: string | null;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  sku: string | null;
  /** Exact decimal string, padded to the currency's minor unit ("1299.90"); the lowest of a range. */
  price: string | null;
  /**
   * Present when `price` is the lowest of several the page offers (a range "12–18 €", a "from
   * £12" price, an AggregateOffer): the highest where the page names one, else null.
   */
  price_max?: string | null;
  /** `true` when `price` is the lowest of several (with `price_max`); absent for one price. */
  price_from?: true;
  /** ISO 4217. */
  currency: string | null;
  availability: Availability;
  image: string | null;
  /** Category path from the breadcrumbs or the shop's data ("Audio > Headphones"). */
  category: string | null;
  scraped_at: string;
  /** Where each non-null value came from (`{ price: 'jsonld', sku: 'selector' }`); absent on records read before it existed. */
  source?: Partial<Record<SourcedField, FieldSource>>;
  /**
   * The same string for every variant (size, colour…) a page offers, each its own record; null for a
   * page without variants; absent on records read before variants were.
   */
  variant_group?: string | null;
  /** What sets the variant apart (`{ "size": "M", "colour": "red" }`); null without variants. */
  variant_attributes?: Readonly<Record<string, string>> | null;
  /** `price` per `unit` where the name or a variant label states a quantity (exact decimal string); else null. */
  unit_price?: string | null;
  unit?: PriceUnit | null;
}
