import type { Availability } from '#core/product-record';

/** What one source on a page (JSON-LD, microdata, Open Graph, markup rules) says about the product. */
export interface ProductFields {
  url: string | null;
  name: string | null;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  sku: string | null;
  /** Decimal string (not yet padded to the currency); the lowest where the source gives a range. */
  price: string | null;
  /** The highest price of a range the source gives; null or absent for one price. */
  price_max?: string | null;
  /** Whether `price` is the lowest of several (a range, an AggregateOffer, a "from" price). */
  price_from?: boolean;
  currency: string | null;
  /**
   * The prices of offers the source lists side by side under one product (sizes, each with its
   * own SKU), where they differ and none is the page's by its address: the page shows one of them.
   */
  offer_choices?: readonly OfferChoice[];
  availability: Availability | null;
  image: string | null;
  category: string | null;
}

/** One of several offers of a product: its price and the SKU it names. */
export interface OfferChoice {
  price: string;
  sku: string | null;
}

export const noFields: Readonly<ProductFields> = {
  url: null,
  name: null,
  brand: null,
  gtin: null,
  mpn: null,
  sku: null,
  price: null,
  currency: null,
  availability: null,
  image: null,
  category: null,
};
