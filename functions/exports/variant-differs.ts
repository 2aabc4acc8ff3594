import type { ProductRecord } from '#core/product-record';
import { variantsDiffer, variantTerms } from '#match/index';

type Variant = Pick<ProductRecord, 'variant_attributes'>;

/**
 * Whether a match pairs two different variants of one model (size M against size L): true where
 * both are variants and name different values of one attribute, attribute names and values read
 * in one spelling as the matching engine reads them (`variantTerms`); false where both are variants
 * and agree. Null where either is no variant: a page without variants may sell any of them.
 */
export function variantDiffers(reference: Variant, competitor: Variant): boolean | null {
  const a = variantTerms(reference.variant_attributes);
  const b = variantTerms(competitor.variant_attributes);
  if (a.length === 0 || b.length === 0) return null;
  return variantsDiffer(a, b);
}
