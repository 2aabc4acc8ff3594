import type { Element } from 'domhandler';
import { normaliseGtin } from '#core/normalise-gtin';
import type { FieldSource } from '#core/product-record';
import { parsePrice } from './parse-price.ts';
import { noFields, type ProductFields } from './product-fields.ts';
import type { PageIdentity } from './product-from-json-ld.ts';
import { fieldsOf, productInJson } from './product-in-json.ts';
import type { Page } from './read-page.ts';
import { assignedState, inlineScripts, jsonScripts } from './script-json.ts';
import { textOf } from './text-of.ts';

type Json = Record<string, unknown>;
export type EmbeddedSource = Extract<FieldSource, 'shopify' | 'nextdata' | 'script' | 'attributes'>;

/**
 * What the page embeds for its own scripts, most specific first: Shopify's product JSON, Next.js
 * page data, state objects assigned in inline scripts, then `data-*` attributes on the page.
 */
export function productsFromEmbeddedData(
  page: Page,
  identity: PageIdentity,
): { source: EmbeddedSource; fields: ProductFields }[] {
  const scripts = inlineScripts(page);
  const state = assignedState(scripts);
  const shopifyMeta = state.filter((entry) => /meta$/.test(entry.name)).map((entry) => entry.value);
  const found: { source: EmbeddedSource; fields: ProductFields | null }[] = [
    {
      source: 'shopify',
      fields: shopifyProduct(
        [
          ...jsonScripts(scripts.filter((script) => script.attribs['data-product-json'] !== undefined)),
          ...shopifyMeta,
        ],
        identity,
        () => shopifyCurrency(scripts),
      ),
    },
    {
      source: 'nextdata',
      fields: firstProduct(
        jsonScripts(scripts.filter((script) => script.attribs.id === '__NEXT_DATA__')),
        identity,
      ),
    },
    {
      source: 'script',
      fields: firstProduct(
        state.filter((entry) => !/meta$/.test(entry.name)).map((entry) => entry.value),
        identity,
      ),
    },
    { source: 'attributes', fields: productFromAttributes(page, identity) },
  ];
  return found.filter(
    (entry): entry is { source: EmbeddedSource; fields: ProductFields } => entry.fields !== null,
  );
}

function firstProduct(roots: readonly unknown[], identity: PageIdentity): ProductFields | null {
  for (const root of roots) {
    const fields = productInJson(root, identity);
    if (fields) return fields;
  }
  return null;
}

/**
 * Shopify's product object (`data-product-json`, `var meta = {product: …}`): prices in cents, the
 * variant the URL's `?variant=` selects (else the first) gives SKU, barcode, price and stock. The
 * product's title names it, not the variant's name (the title and the variant's options); the
 * currency is the shop's own that Shopify's scripts set where the object names none.
 */
function shopifyProduct(
  roots: readonly unknown[],
  identity: PageIdentity,
  shopCurrency: () => string | null,
): ProductFields | null {
  for (const root of roots) {
    const product = isJson(root) && isJson(root.product) ? root.product : root;
    if (!isJson(product) || !Array.isArray(product.variants)) continue;
    const variants = product.variants.filter(isJson);
    const wanted = URL.parse(identity.url)?.searchParams.get('variant');
    const variant = variants.find((item) => String(item.id) === wanted) ?? variants[0];
    if (!variant) continue;
    const title = product.title ?? product.name ?? productTitleOf(variant);
    const fields = fieldsOf({ ...product, ...variant, name: title, title }, identity);
    const cents = variant.price ?? product.price;
    const amount = typeof cents === 'number' ? (cents / 100).toFixed(2) : fields.price;
    return {
      ...fields,
      currency: fields.currency ?? (amount === null ? null : shopCurrency()),
      brand: typeof product.vendor === 'string' ? product.vendor.trim() || null : fields.brand,
      gtin: normaliseGtin(variant.barcode) ?? fields.gtin,
      price: amount,
      url: null,
    };
  }
  return null;
}

/**
 * "New Print Robe - Free size / Blue": Shopify names a variant by the product's title and the
 * variant's own title (`public_title`) after a dash; the analytics object carries no product title.
 */
function productTitleOf(variant: Json): unknown {
  const { name, public_title: options } = variant;
  if (typeof name !== 'string' || typeof options !== 'string' || !options) return name;
  const suffix = ` - ${options}`;
  return name.endsWith(suffix) ? name.slice(0, -suffix.length) : name;
}

/**
 * The currency Shopify's own scripts set for the storefront (`ShopifyAnalytics.meta.currency =
 * 'USD'`, `Shopify.currency = {"active":"EUR",…}`): the money its cent prices are in.
 */
const SHOPIFY_CURRENCY =
  /(?:ShopifyAnalytics\.meta\.currency\s*=\s*|Shopify\.currency\s*=\s*\{\s*"active"\s*:\s*)["']([A-Z]{3})["']/;

function shopifyCurrency(scripts: readonly Element[]): string | null {
  for (const script of scripts) {
    const found = SHOPIFY_CURRENCY.exec(textOf(script));
    if (found) return found[1] as string;
  }
  return null;
}

const ATTRIBUTES = {
  price: ['data-product-price', 'data-price-amount', 'data-price'],
  currency: ['data-currency', 'data-price-currency', 'data-currency-code'],
  sku: ['data-product-sku', 'data-sku', 'data-product-id', 'data-productid'],
  gtin: ['data-ean', 'data-gtin', 'data-barcode'],
  brand: ['data-product-brand', 'data-brand'],
} as const;
const RELATED = '[class*="related" i], [class*="recommend" i], [class*="similar" i], [class*="carousel" i]';

/**
 * Values the page keeps in `data-*` attributes outside related-product blocks. An attribute that
 * holds different values across the page (product cards of a listing, sizes) names no one value.
 */
function productFromAttributes(page: Page, identity: PageIdentity): ProductFields | null {
  // One pass over the page for every attribute: a query per attribute walks the whole page each time.
  const names = Object.values(ATTRIBUTES).flat();
  const seen = new Map<string, Set<string>>();
  for (const element of page.$(names.map((name) => `[${name}]`).join(',')).toArray() as Element[]) {
    if (page.$(element).closest(RELATED).length > 0) continue;
    for (const name of names) {
      const value = element.attribs[name]?.trim();
      if (value) seen.set(name, (seen.get(name) ?? new Set()).add(value));
    }
  }
  const read = (candidates: readonly string[]): string | null => {
    for (const name of candidates) {
      const values = seen.get(name);
      if (values) return values.size === 1 ? ([...values][0] as string) : null;
    }
    return null;
  };
  const rawPrice = read(ATTRIBUTES.price);
  const currency = read(ATTRIBUTES.currency);
  const price = rawPrice
    ? /^\d+(\.\d+)?$/.test(rawPrice)
      ? { amount: rawPrice, currency }
      : parsePrice(rawPrice, { country: identity.country, currency })
    : null;
  const sku = read(ATTRIBUTES.sku);
  if (!price && !sku) return null;
  return {
    ...noFields,
    sku,
    brand: read(ATTRIBUTES.brand),
    gtin: normaliseGtin(read(ATTRIBUTES.gtin)),
    price: price?.amount ?? null,
    currency: currency ?? price?.currency ?? null,
  };
}

function isJson(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
