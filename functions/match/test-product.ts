import type { ProductRecord } from '#core/product-record';

/** A product record for tests: a name and whatever fields the test cares about. */
export function testProduct(url: string, name: string, fields: Partial<ProductRecord> = {}): ProductRecord {
  return {
    url,
    name,
    brand: null,
    gtin: null,
    mpn: null,
    sku: null,
    price: null,
    currency: null,
    availability: 'UNKNOWN',
    image: null,
    category: null,
    scraped_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}
