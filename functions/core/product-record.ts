export type Availability = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PREORDER' | 'UNKNOWN';

/** One product as catalogs, samples and exports carry it; null where the shop does not say. */
export interface ProductRecord {
  url: string;
  name: string | null;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  sku: string | null;
  /** Exact decimal string, padded to the currency's minor unit ("1299.90"). */
  price: string | null;
  /** ISO 4217. */
  currency: string | null;
  availability: Availability;
  image: string | null;
  /** Category path from the breadcrumbs or the shop's data ("Audio > Headphones"). */
  category: string | null;
  scraped_at: string;
}
