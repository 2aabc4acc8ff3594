import type { Difficulty } from '#core/pricing';
/** How one field is read from a page's markup. */
export interface FieldRule {
  /** CSS selector; the first match is read (for labelled rows: the first match with the label). */
  selector: string;
  /** Attribute read instead of the text. */
  attribute?: string;
  /** Label text that starts the matched row; the value is what follows it. */
  label?: string;
}

export type ExtractionMethod = 'JSONLD' | 'MICRODATA' | 'OPENGRAPH' | 'SELECTORS';
export type SelectorField =
  | 'name'
  | 'brand'
  | 'sku'
  | 'gtin'
  | 'mpn'
  | 'price'
  | 'image'
  | 'category'
  | 'availability'
  | 'button';

/**
 * What training learned about reading one shop: a plain JSON document stored with the website and
 * handed to every scrape batch.
 */
export interface ExtractionProfile {
  version: 1;
  method: ExtractionMethod;
  difficulty: Difficulty;
  origin: string;
  language: string | null;
  country: string | null;
  /** The setup's currency, assumed only where a page names none (never one learned from other pages). */
  currency: string | null;
  /** Regular expression over path and query of product pages. */
  product_url_pattern: string;
  /** Regular expression over path and query of listing pages, when training saw any. */
  listing_url_pattern: string | null;
  /** Regular expression whose first group is the SKU, for shops that show it only in the URL. */
  sku_from_url: string | null;
  /**
   * Markup rules: the whole reading for SELECTORS, and for the other methods the fallback for fields
   * the structured data leaves out and the visible price that reveals a sale.
   */
  selectors: Partial<Record<SelectorField, FieldRule>>;
  trained_on: { pages: number; product_pages: number };
}
