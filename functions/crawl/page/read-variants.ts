import type { Element } from 'domhandler';
import { normaliseGtin } from '#core/normalise-gtin';
import { variantKey } from '#core/product-identity';
import type { Availability, FieldSource } from '#core/product-record';
import { cleanText } from './clean-text.ts';
import { offerPrice } from './offer-price.ts';
import { elementsByTag } from './page-elements.ts';
import { readOnePage } from './page-failure.ts';
import { parsePrice } from './parse-price.ts';
import { readAvailability } from './read-availability.ts';
import { type JsonNode, parseLenient } from './read-json-ld.ts';
import type { Page } from './read-page.ts';
import { assignedState, jsonScripts } from './script-json.ts';
import { textOf } from './text-of.ts';

/**
 * Variants read per page at most: a page listing 500 sizes gives its first 200, so one page can
 * neither hold a worker nor swell a catalog; the rest are dropped, not merged.
 */
export const MAX_VARIANTS = 200;
/** Attributes kept per variant, and the length of a name or value: labels, not descriptions. */
const MAX_ATTRIBUTES = 8;
const MAX_LABEL = 120;

/** One variant as the page offers it; null where the page says nothing of it for this variant. */
export interface VariantFields {
  sku: string | null;
  gtin: string | null;
  mpn: string | null;
  /** Plain decimal string, not yet padded to the currency. */
  price: string | null;
  currency: string | null;
  availability: Availability | null;
  image: string | null;
  attributes: Record<string, string>;
  /** The variant the page shows: the one its address or its selected option names. */
  shown: boolean;
}

export interface PageVariants {
  source: FieldSource;
  /** At least two, each with a different `variantKey`. */
  /** At most one is `shown`. */
  variants: VariantFields[];
}

type Json = Record<string, unknown>;

/**
 * The variants a product page offers, from the first source that lists two or more that differ:
 * JSON-LD (`ProductGroup`/`hasVariant`, or offers with distinct SKUs), Shopify's product JSON,
 * WooCommerce's `data-product_variations`, then a `<select>` whose options carry their own price.
 * Null for a page with one product (or offers that differ only by seller, currency or SKU).
 */
export function readVariants(page: Page, country: string | null): PageVariants | null {
  const readers: [FieldSource, () => VariantFields[]][] = [
    ['jsonld', () => jsonLdVariants(page, country)],
    ['shopify', () => shopifyVariants(page)],
    ['attributes', () => wooCommerceVariants(page, country)],
    ['attributes', () => selectOptionVariants(page, country)],
  ];
  for (const [source, read] of readers) {
    // Markup no reader foresaw fails that reader alone: the page keeps its one record.
    const listed = readOnePage(read).value ?? [];
    const variants = distinct(listed);
    // Several "shown" (offers that all carry the page's address) name none.
    const shown = variants.filter((variant) => variant.shown).length;
    if (variants.length >= 2)
      return {
        source,
        variants: shown === 1 ? variants : variants.map((variant) => ({ ...variant, shown: false })),
      };
  }
  return null;
}

/**
 * Variants that a key tells apart, the first of each key. A variant must say what sets it apart
 * (a size, a colour, a label): offers that differ only by SKU name nothing a buyer or a matcher
 * could choose by, so they stay one product.
 */
function distinct(variants: readonly VariantFields[]): VariantFields[] {
  const byKey = new Map<string, VariantFields>();
  for (const variant of variants.slice(0, MAX_VARIANTS)) {
    if (Object.keys(variant.attributes).length === 0) continue;
    const key = variantKey({ ...variant, variant_attributes: variant.attributes });
    if (!byKey.has(key)) byKey.set(key, variant);
  }
  return [...byKey.values()];
}

// --- JSON-LD -------------------------------------------------------------------------------------

const PRODUCT_TYPE = /^(Product|ProductGroup|IndividualProduct|ProductModel)$/i;
/** What variants vary by when the group does not say (`variesBy`). */
const VARYING = ['size', 'color', 'colour', 'material', 'pattern', 'suggestedAge', 'suggestedGender'];
const GTIN_KEYS = ['gtin13', 'gtin', 'gtin14', 'gtin12', 'gtin8', 'ean'];

function jsonLdVariants(page: Page, country: string | null): VariantFields[] {
  const nodes = page.jsonLd;
  const byId = new Map(nodes.flatMap((node) => (str(node['@id']) ? [[str(node['@id']), node]] : [])));
  const products = nodes.filter((node) => isType(node, PRODUCT_TYPE));
  const main = mainNode(
    products.filter((node) => isType(node, /^ProductGroup$/i) || asArray(node.hasVariant).length > 0),
    page,
  );
  if (main) {
    const varying = asArray(main.variesBy).flatMap((value) =>
      typeof value === 'string' ? [value.replace(/^.*[/#:]/, '')] : [],
    );
    return asArray(main.hasVariant)
      .slice(0, MAX_VARIANTS)
      .flatMap((item) => {
        const node = isNode(item) ? (byId.get(str(item['@id']) ?? '') ?? item) : null;
        if (!node) return [];
        // Offers on the group, not on its variants, are every variant's.
        const variant = jsonLdVariant(node, offerOf(node.offers ?? main.offers), varying, country);
        return [{ ...variant, shown: sameAddress(str(node.url), page.url) }];
      });
  }
  // A product whose offers are its sizes: a list of offers with SKUs of their own.
  const product = mainNode(products, page);
  const offers = asArray(product?.offers).slice(0, MAX_VARIANTS).filter(isNode);
  if (!product || new Set(offers.map((offer) => str(offer.sku))).size < 2) return [];
  return offers.map((offer) => {
    const item = isNode(offer.itemOffered) ? offer.itemOffered : {};
    const variant = jsonLdVariant({ ...item, ...offer }, offer, [], country);
    const label = str(offer.name);
    if (Object.keys(variant.attributes).length === 0 && label && label !== str(product.name))
      variant.attributes = { variant: clip(label) };
    return { ...variant, shown: sameAddress(str(offer.url), page.url) };
  });
}

/** The page's own product among several: the one at the page's URL, else named like its heading, else the first. */
function mainNode(nodes: readonly JsonNode[], page: Page): JsonNode | undefined {
  const at = (node: JsonNode) =>
    [str(node.url), str(node['@id'])].some((url) => url && samePath(url, page.canonical, page.url));
  return (
    nodes.find(at) ??
    nodes.find((node) => page.heading !== null && cleanText(str(node.name) ?? '') === page.heading) ??
    nodes[0]
  );
}

function jsonLdVariant(
  node: JsonNode,
  offer: JsonNode | null,
  varying: readonly string[],
  country: string | null,
): Omit<VariantFields, 'shown'> {
  const currency = offer ? str(offer.priceCurrency) : null;
  const price = offer
    ? offerPrice({ price: offer.price, low: offer.lowPrice, high: offer.highPrice }, { country, currency })
    : null;
  const attributes: Record<string, string> = {};
  for (const name of varying.length > 0 ? varying : VARYING) {
    const value = labelOf(node[name]);
    if (value) attributes[attributeName(name)] = value;
  }
  for (const property of asArray(node.additionalProperty).filter(isNode)) {
    const name = str(property.name);
    const value = labelOf(property.value);
    const wanted =
      varying.length === 0 ||
      varying.some((property) => attributeName(property) === attributeName(name ?? ''));
    if (name && value && wanted) attributes[attributeName(name)] = value;
  }
  return {
    sku: str(node.sku) ?? (offer ? str(offer.sku) : null),
    gtin: firstGtin(node) ?? (offer ? firstGtin(offer) : null),
    mpn: str(node.mpn),
    price: price?.amount ?? null,
    currency: currency ?? price?.currency ?? null,
    availability: offer ? readAvailability(str(offer.availability)) : null,
    image: imageOf(node.image),
    attributes: bounded(attributes),
  };
}

function offerOf(offers: unknown): JsonNode | null {
  const offer = asArray(offers).find(isNode) ?? null;
  if (offer && offer.price === undefined && offer.lowPrice === undefined && offer.offers !== undefined)
    return offerOf(offer.offers);
  return offer;
}

function firstGtin(node: JsonNode): string | null {
  for (const key of GTIN_KEYS) {
    const gtin = normaliseGtin(node[key]);
    if (gtin) return gtin;
  }
  return null;
}

// --- Shopify -------------------------------------------------------------------------------------

/** Shopify's product object (`data-product-json`, `ProductJson-…`, `var meta`): prices in cents. */
function shopifyVariants(page: Page): VariantFields[] {
  // The page's element index, not a CSS query: every page is asked, and few are Shopify's.
  const scripts = elementsByTag(page.$, 'script').filter((script) => script.attribs.src === undefined);
  const marked = (script: Element) =>
    script.attribs['data-product-json'] !== undefined || /^ProductJson/.test(script.attribs.id ?? '');
  const roots = [
    ...jsonScripts(scripts.filter(marked)),
    ...assignedState(scripts.filter((script) => !marked(script) && /\bmeta\s*=/.test(textOf(script))))
      .filter((entry) => /meta$/.test(entry.name))
      .map((entry) => entry.value),
  ];
  for (const root of roots) {
    const product = isNode(root) && isNode(root.product) ? root.product : root;
    if (!isNode(product) || !Array.isArray(product.variants) || product.variants.length < 2) continue;
    const options = asArray(product.options).map((option) =>
      isNode(option) ? str(option.name) : str(option),
    );
    const selected = URL.parse(page.url)?.searchParams.get('variant');
    return product.variants
      .slice(0, MAX_VARIANTS)
      .filter(isNode)
      .map((variant) => {
        const attributes: Record<string, string> = {};
        for (const [index, name] of [1, 2, 3].entries()) {
          const value = labelOf(variant[`option${name}`]);
          if (value) attributes[attributeName(options[index] ?? `option${name}`)] = value;
        }
        const title = labelOf(variant.public_title ?? variant.title);
        if (Object.keys(attributes).length === 0 && title) attributes.variant = title;
        return {
          sku: str(variant.sku),
          gtin: normaliseGtin(variant.barcode),
          mpn: null,
          price: shopifyPrice(variant.price),
          currency: null,
          availability:
            typeof variant.available === 'boolean' ? (variant.available ? 'IN_STOCK' : 'OUT_OF_STOCK') : null,
          image: isNode(variant.featured_image) ? imageOf(variant.featured_image.src) : null,
          attributes: bounded(attributes),
          shown: selected !== null && selected !== undefined && String(variant.id) === selected,
        };
      });
  }
  return [];
}

/** Whole cents as a number ("1999" is 19.99), or a decimal string as the meta object writes it. */
function shopifyPrice(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
    return `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;
  const text = str(value);
  return text && /^\d+(\.\d+)?$/.test(text) ? text : null;
}

// --- WooCommerce ---------------------------------------------------------------------------------

/** WooCommerce's variation form: `data-product_variations` lists every variation with its price. */
function wooCommerceVariants(page: Page, country: string | null): VariantFields[] {
  const element = elementsByTag(page.$, 'form').find((form) => form.attribs['data-product_variations']);
  const list = element ? parseLenient(element.attribs['data-product_variations'] as string) : undefined;
  if (!element || !Array.isArray(list)) return [];
  const form = page.$(element);
  return list
    .slice(0, MAX_VARIANTS)
    .filter(isNode)
    .filter((variation) => variation.variation_is_active !== false)
    .map((variation) => {
      const attributes: Record<string, string> = {};
      for (const [field, value] of Object.entries(isNode(variation.attributes) ? variation.attributes : {})) {
        const slug = str(value);
        if (!slug) continue;
        // The select shows the label ("Medium") the variation names by its slug ("medium").
        const option = form
          .find('select')
          .filter((_, select) => (select as Element).attribs.name === field)
          .find('option')
          .filter((_, element) => (element as Element).attribs.value === slug)
          .first();
        const label = option.length > 0 ? cleanText(option.text()) : slug;
        attributes[attributeName(field.replace(/^attribute_(pa_)?/, ''))] = clip(label || slug);
      }
      const price = wooPrice(variation.display_price, country);
      return {
        sku: str(variation.sku),
        gtin: normaliseGtin(variation.gtin ?? variation.ean),
        mpn: null,
        price,
        currency: null,
        availability:
          typeof variation.is_in_stock === 'boolean'
            ? variation.is_in_stock
              ? 'IN_STOCK'
              : 'OUT_OF_STOCK'
            : null,
        image: isNode(variation.image) ? imageOf(variation.image.src ?? variation.image.url) : null,
        attributes: bounded(attributes),
        shown: false,
      };
    });
}

function wooPrice(value: unknown, country: string | null): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? String(value) : null;
  const text = str(value);
  if (!text) return null;
  return /^\d+(\.\d+)?$/.test(text) ? text : (parsePrice(text, { country })?.amount ?? null);
}

// --- select options ------------------------------------------------------------------------------

const OPTION_PRICE = ['data-price', 'data-price-amount', 'data-variant-price', 'data-final-price'];
const OUTSIDE_TAGS = new Set(['header', 'footer', 'nav']);
const OUTSIDE_CLASS = /related|recommend|similar/i;

/** A `<select>` of the product whose options (two or more) each carry a price of their own. */
function selectOptionVariants(page: Page, country: string | null): VariantFields[] {
  for (const select of elementsByTag(page.$, 'select')) {
    if (outsideProduct(select)) continue;
    const options = (page.$(select).find('option').toArray() as Element[])
      .filter((option) => (option.attribs.value ?? '').trim() !== '')
      .slice(0, MAX_VARIANTS);
    const priced = options.filter((option) => OPTION_PRICE.some((name) => option.attribs[name]));
    if (priced.length < 2) continue;
    const name = attributeName(selectLabel(page, select));
    return priced.map((option) => {
      const raw = OPTION_PRICE.map((attribute) => option.attribs[attribute]).find(Boolean) as string;
      const parsed = /^\d+(\.\d+)?$/.test(raw.trim())
        ? { amount: raw.trim(), currency: null }
        : parsePrice(raw, { country });
      const label = cleanText(textOf(option));
      const disabled = option.attribs.disabled !== undefined;
      return {
        sku: option.attribs['data-sku']?.trim() || null,
        gtin: normaliseGtin(option.attribs['data-ean'] ?? option.attribs['data-gtin']),
        mpn: null,
        price: parsed?.amount ?? null,
        currency: parsed?.currency ?? null,
        availability: disabled ? 'OUT_OF_STOCK' : readAvailability(label),
        image: null,
        attributes: bounded({ [name]: withoutPrice(label, country) || (option.attribs.value as string) }),
        shown: option.attribs.selected !== undefined,
      };
    });
  }
  return [];
}

/** Inside a header, footer, navigation or a block of related products: not the product's own choice. */
function outsideProduct(element: Element): boolean {
  for (
    let node: Element | null = element;
    node;
    node = node.parent?.type === 'tag' ? (node.parent as Element) : null
  )
    if (OUTSIDE_TAGS.has(node.name) || OUTSIDE_CLASS.test(node.attribs.class ?? '')) return true;
  return false;
}

/** What the select chooses: its label, else its field name (`options[Size]`, `attribute_size`), else "option". */
function selectLabel(page: Page, select: Element): string {
  const id = select.attribs.id;
  const label = id
    ? cleanText(
        page
          .$(`label[for="${id.replace(/["\\]/g, '')}"]`)
          .first()
          .text(),
      )
    : '';
  if (label) return label.replace(/[:*]\s*$/, '');
  const field = select.attribs.name ?? '';
  return /\[([^\]]+)\]/.exec(field)?.[1] ?? (field.replace(/^attribute_|^option_?/i, '') || 'option');
}

/** "500 g – 4,99 €" names the variant "500 g": the price beside it is the option's price, not its name. */
function withoutPrice(label: string, country: string | null): string {
  const split = /^(.+?)\s*[-–—(:]\s*([^-–—(:]*\d[^-–—(:]*?)\)?$/.exec(label);
  return split && parsePrice(split[2] as string, { country })?.currency ? (split[1] as string) : label;
}

// --- shared --------------------------------------------------------------------------------------

/** Attribute names in one spelling across shops: lower case, "color" as "colour", spaces as "_". */
function attributeName(name: string): string {
  const plain = cleanText(name).toLowerCase().replace(/\s+/g, '_').slice(0, MAX_LABEL);
  return plain === 'color' ? 'colour' : plain || 'option';
}

function bounded(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).slice(0, MAX_ATTRIBUTES));
}

function labelOf(value: unknown): string | null {
  const first = asArray(value)[0];
  const text = isNode(first) ? (str(first.name) ?? str(first.value)) : str(first);
  return text ? clip(cleanText(text)) : null;
}

const clip = (text: string): string => text.slice(0, MAX_LABEL);

function imageOf(value: unknown): string | null {
  const first = asArray(value)[0];
  return isNode(first) ? (str(first.url) ?? str(first.contentUrl)) : str(first);
}

/** Whether a variant's URL is the page's own address, query included (`?variant=2`). */
function sameAddress(value: string | null, page: string): boolean {
  const url = value ? URL.parse(value, page) : null;
  const own = URL.parse(page);
  if (!url || !own) return false;
  const key = (u: URL) => `${u.host}${u.pathname.replace(/\/$/, '')}${u.search}`;
  return key(url) === key(own);
}

function samePath(value: string, ...pages: string[]): boolean {
  const url = URL.parse(value, pages[0]);
  return (
    !!url &&
    pages.some((page) => {
      const other = URL.parse(page);
      return (
        !!other &&
        other.host === url.host &&
        other.pathname.replace(/\/$/, '') === url.pathname.replace(/\/$/, '')
      );
    })
  );
}

function isType(node: JsonNode, pattern: RegExp): boolean {
  return asArray(node['@type']).some(
    (type) =>
      typeof type === 'string' && pattern.test(type.replace(/^(https?:\/\/schema\.org\/|schema:)/i, '')),
  );
}

function isNode(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function str(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() || null : null;
}
