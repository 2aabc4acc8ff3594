import { createHash } from 'node:crypto';
import type { MatchableProduct } from './describe-product.ts';
import { variantTerms } from './variant-terms.ts';

/**
 * Changes whenever what the engine reads changes: bump it with any change to features or scoring,
 * so that the next incremental run re-matches everything instead of keeping stale decisions.
 */
const engineVersion = 'match-13';

/**
 * Content fingerprint of a product for incremental matching: a hash of the fields that say what the
 * product is (name, brand, GTIN, MPN, description, variant attributes). Price, availability, image and scrape time are
 * left out, so a price update does not make a product "modified": the price leans only the choice
 * of a product's match when it is looked up, and a match kept from an earlier run stays.
 */
export function productFingerprint(product: MatchableProduct): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        engineVersion,
        product.name,
        product.brand,
        product.gtin,
        product.mpn,
        product.description ?? null,
        variantTerms(product.variant_attributes),
      ]),
    )
    .digest('base64url')
    .slice(0, 16);
}
