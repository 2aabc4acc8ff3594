import { normaliseGtin } from '#core/normalise-gtin';
import type { Availability } from '#core/product-record';
import { cleanText } from './clean-text.ts';
import { parsePrice } from './parse-price.ts';
import type { ProductFields } from './product-fields.ts';
import type { PageIdentity } from './product-from-json-ld.ts';
import { readAvailability } from './read-availability.ts';

type Json = Record<string, unknown>;

/** Objects looked at per state tree: front-end state can hold thousands of records. */
const MAX_NODES = 50_000;
const MAX_DEPTH = 40;
const NAME_KEYS = ['name', 'title', 'productName', 'product_name', 'displayName'];
const PRICE_KEYS = [
  'price',
  'salePrice',
  'sale_price',
  'currentPrice',
  'finalPrice',
  'priceAmount',
  'sellingPrice',
];
/**
 * Keys under which a front end's state lists what is not a product though it has a title and a
 * price: delivery and collection options, payment and instalment plans.
 */
const NOT_PRODUCTS_KEY = /deliver|shipping|collect|fulfil|payment|instal|financ/i;
const SKU_KEYS = ['sku', 'productSku', 'skuId', 'articleNumber', 'itemNumber'];

/**
 * The product a front end's state JSON describes (`__NEXT_DATA__`, `window.__INITIAL_STATE__`):
 * among objects with a name and a price or a SKU, the one named like the page's heading, else
 * the one with most product fields, else the first found (breadth first: the page's own product
 * sits nearer the root than related ones).
 */
export function productInJson(root: unknown, page: PageIdentity): ProductFields | null {
  let best: { node: Json; score: number } | null = null;
  let seen = 0;
  const queue: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  for (let head = 0; head < queue.length && seen < MAX_NODES; head++) {
    const { value, depth } = queue[head] as { value: unknown; depth: number };
    if (!value || typeof value !== 'object' || depth > MAX_DEPTH) continue;
    seen++;
    const children = Array.isArray(value)
      ? value
      : Object.entries(value)
          .filter(([key]) => !NOT_PRODUCTS_KEY.test(key))
          .map(([, child]) => child);
    for (const child of children)
      if (child && typeof child === 'object') queue.push({ value: child, depth: depth + 1 });
    if (Array.isArray(value)) continue;
    const node = value as Json;
    const name = text(first(node, NAME_KEYS));
    // A zero price is a free delivery option's or a placeholder ("deliveryOptions":[{"title":
    // "Standard Delivery","price":{"value":"0.00"}}]), not a product's.
    const price = priceOf(node, page);
    const hasPrice = price !== null && Number(price.amount) !== 0;
    const hasSku = text(first(node, SKU_KEYS)) !== null;
    if (!name || (!hasPrice && !hasSku)) continue;
    const named = page.heading !== null && cleanText(name).toLowerCase() === page.heading.toLowerCase();
    const score = (named ? 10 : 0) + (hasPrice ? 2 : 0) + (hasSku ? 1 : 0) + (brandOf(node) ? 1 : 0);
    if (!best || score > best.score) best = { node, score };
  }
  return best ? fieldsOf(best.node, page) : null;
}

/** A product object's fields, read with the spellings front ends use. */
export function fieldsOf(node: Json, page: PageIdentity): ProductFields {
  const price = priceOf(node, page);
  const image = imageOf(node.image ?? node.images ?? node.imageUrl ?? node.featured_image);
  return {
    url: text(node.url),
    name: cleanText(text(first(node, NAME_KEYS)) ?? '') || null,
    brand: brandOf(node),
    gtin: normaliseGtin(text(first(node, ['gtin', 'gtin13', 'ean', 'barcode', 'upc']))),
    mpn: text(first(node, ['mpn', 'manufacturerPartNumber'])),
    sku: text(first(node, SKU_KEYS)),
    price: price?.amount ?? null,
    currency: price?.currency ?? text(first(node, ['currency', 'priceCurrency', 'currencyCode'])),
    availability: availabilityOf(node),
    image: image ? (URL.parse(image, page.url)?.href ?? null) : null,
    category: null,
  };
}

function first(node: Json, keys: readonly string[]): unknown {
  for (const key of keys) if (node[key] !== undefined && node[key] !== null) return node[key];
  return undefined;
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() || null : null;
}

function brandOf(node: Json): string | null {
  const brand = first(node, ['brand', 'brandName', 'vendor', 'manufacturer']);
  if (brand && typeof brand === 'object' && !Array.isArray(brand)) return text((brand as Json).name);
  return text(brand);
}

function priceOf(node: Json, page: PageIdentity): { amount: string; currency: string | null } | null {
  let value = first(node, PRICE_KEYS);
  let currency: string | null = null;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const inner = value as Json;
    currency = text(first(inner, ['currency', 'currencyCode', 'priceCurrency']));
    // "price":{"now":"136.00","was":…}: a current price beside a former one.
    value = first(inner, ['value', 'amount', 'current', 'now', 'raw', 'price']);
  }
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 ? { amount: String(value), currency } : null;
  const raw = text(value);
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return { amount: raw, currency };
  const parsed = parsePrice(raw, { country: page.country, currency });
  return parsed ? { amount: parsed.amount, currency: parsed.currency ?? currency } : null;
}

function availabilityOf(node: Json): Availability | null {
  const flag = first(node, ['available', 'inStock', 'isInStock', 'in_stock']);
  if (typeof flag === 'boolean') return flag ? 'IN_STOCK' : 'OUT_OF_STOCK';
  return readAvailability(text(first(node, ['availability', 'stockStatus', 'stock_status'])));
}

function imageOf(value: unknown): string | null {
  const item = Array.isArray(value) ? value[0] : value;
  if (item && typeof item === 'object') return text((item as Json).url ?? (item as Json).src);
  return text(item);
}
