import { productId } from '#core/product-id';
import { productIdentity } from '#core/product-identity';
import type { Availability, ProductRecord } from '#core/product-record';

/** One product as one scrape saw it: a point of its price history. */
export interface PriceObservation {
  product_id: string;
  /** The URL the scrape fetched (the product's identity may be its canonical). */
  url: string;
  /** Exact decimal string as the catalog holds it; null when the shop showed none. */
  price: string | null;
  currency: string | null;
  availability: Availability;
  /** When the product's page was read. */
  observed_at: string;
  /** The scrape job that read it. */
  job_id: string;
}

export function observationOf(record: ProductRecord, jobId: string): PriceObservation {
  return {
    product_id: productId(productIdentity(record)),
    url: record.url,
    price: record.price,
    currency: record.currency,
    availability: record.availability,
    observed_at: record.scraped_at,
    job_id: jobId,
  };
}
