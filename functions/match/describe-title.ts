import { describeProduct, type ProductFeatures } from './describe-product.ts';

/**
 * What the engine reads of offer titles alone (no brand, GTIN or MPN), each distinct title described
 * once however many pairs it is in.
 */
export function titleDescriber(): (title: string) => ProductFeatures {
  const described = new Map<string, ProductFeatures>();
  return (title) => {
    let product = described.get(title);
    if (!product) {
      product = describeProduct({ url: title, name: title, brand: null, gtin: null, mpn: null });
      described.set(title, product);
    }
    return product;
  };
}
