import type { ProductRecord } from '#core/product-record';
import { type Quantity, quantityTexts, statedQuantity } from '#crawl/index';

type Stated = Pick<ProductRecord, 'name' | 'variant_attributes'>;

/**
 * Whether two matched products are sold in different packs, so that their prices are not the price
 * of the same thing and only their unit prices compare. True when their names (or variant labels)
 * state different quantities: another amount ("500 g" against "1 kg"), another unit, or another
 * number of pieces ("2 × 500 g" against "1 kg", "12 × 330 ml" against "6 × 660 ml"); true as well
 * when one is a pack of several and the other states nothing, which is one piece ("4-pack" against
 * "AA battery"). False when both state the same or neither states one. Null when one states a
 * measure and the other none: "Flour 1 kg" against "Flour" may be the same bag or not.
 */
export function packDiffers(reference: Stated, competitor: Stated): boolean | null {
  const a = statedQuantity(quantityTexts(reference));
  const b = statedQuantity(quantityTexts(competitor));
  if (a && b) return !sameQuantity(a, b);
  const only = a ?? b;
  if (only === null) return false;
  return only.pieces > 1n ? true : null;
}

function sameQuantity(a: Quantity, b: Quantity): boolean {
  return (
    a.unit === b.unit && a.pieces === b.pieces && a.amount.num * b.amount.den === b.amount.num * a.amount.den
  );
}
