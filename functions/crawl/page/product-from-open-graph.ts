import { normaliseGtin } from '#core/normalise-gtin';
import { cleanText } from './clean-text.ts';
import { parsePrice } from './parse-price.ts';
import type { ProductFields } from './product-fields.ts';
import type { PageIdentity } from './product-from-json-ld.ts';
import { readAvailability } from './read-availability.ts';

/**
 * The product from Open Graph product tags (`og:type=product`, `product:price:amount`, ...), with
 * the `og:` spellings some platforms use. A sale price tag wins over the regular price.
 */
export function productFromOpenGraph(
  meta: ReadonlyMap<string, string>,
  page: PageIdentity,
): ProductFields | null {
  const get = (...keys: string[]): string | null => {
    for (const key of keys) {
      const value = meta.get(key)?.trim();
      if (value) return value;
    }
    return null;
  };
  const type = get('og:type')?.toLowerCase() ?? '';
  const regular = get('product:price:amount', 'og:price:amount', 'product:price', 'og:price');
  if (!/product/.test(type) && regular === null) return null;
  const currency = get('product:sale_price:currency', 'product:price:currency', 'og:price:currency');
  const amountText = get('product:sale_price:amount', 'og:sale_price:amount') ?? regular;
  const price = amountText
    ? /^\d+(\.\d+)?$/.test(amountText)
      ? { amount: amountText, currency }
      : parsePrice(amountText, { country: page.country, currency })
    : null;
  const image = get('og:image:secure_url', 'og:image', 'og:image:url');
  const title = get('og:title');
  return {
    url: get('og:url'),
    name: title ? cleanText(title) : null,
    brand: get('product:brand', 'og:brand'),
    gtin: normaliseGtin(
      get('product:ean', 'product:gtin', 'product:upc', 'product:isbn', 'og:ean', 'og:upc'),
    ),
    mpn: get('product:mfr_part_no', 'og:mpn'),
    sku: get('product:retailer_item_id', 'product:sku', 'og:sku'),
    price: price?.amount ?? null,
    currency: currency ?? price?.currency ?? null,
    availability: readAvailability(get('product:availability', 'og:availability')),
    image: image ? (URL.parse(image, page.url)?.href ?? null) : null,
    category: get('product:category', 'og:category'),
  };
}
