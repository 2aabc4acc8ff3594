import type { ProductFeatures } from './describe-product.ts';

/**
 * The title sells several pieces ("3 Pack", "Twin Pack", "Box of 10"): against a title that names
 * no pack, one side is a pack and the other most likely one piece, two offers.
 */
export function sellsPack(x: ProductFeatures): boolean {
  return x.quantities.some((quantity) => quantity.dimension === 'count' && quantity.value > 1);
}
