import { normaliseGtin } from '#core/normalise-gtin';
import type { Availability } from '#core/product-record';
import { categoryFromCrumbs } from './category-from-crumbs.ts';
import { cleanText } from './clean-text.ts';
import { offerPrice } from './offer-price.ts';
import type { PriceRange } from './parse-price-range.ts';
import type { OfferChoice, ProductFields } from './product-fields.ts';
import { readAvailability } from './read-availability.ts';
import type { JsonNode } from './read-json-ld.ts';

export interface PageIdentity {
  url: string;
  canonical: string;
  heading: string | null;
  country: string | null;
}

const OFFER_TYPES = /^(Offer|AggregateOffer|Organization|WebPage|WebSite|ItemList|BreadcrumbList)$/i;
const GTIN_KEYS = ['gtin13', 'gtin', 'gtin14', 'gtin12', 'gtin8', 'ean', 'isbn'];

/**
 * The page's own product from its JSON-LD nodes. Among several Product nodes (related products,
 * recently viewed) the one whose URL is the page's wins, else the one named like the page's h1,
 * else the first. A ProductGroup gives its name; the variant the URL selects (else the first)
 * gives identifiers, price and stock. Offers may be one, a list (the URL's or the first) or an
 * AggregateOffer (its low price).
 */
export function productFromJsonLd(nodes: readonly JsonNode[], page: PageIdentity): ProductFields | null {
  const typed = nodes.filter((node) =>
    isType(node, /^(Product|ProductGroup|IndividualProduct|ProductModel)$/i),
  );
  // Without a Product node, another thing on offer (an event's tickets, a book, a car) is what the page sells.
  const products =
    typed.length > 0
      ? typed
      : nodes.filter((node) => node.offers !== undefined && !isType(node, OFFER_TYPES));
  if (products.length === 0) return null;
  const main =
    products.find((node) => sameUrl(str(node.url) ?? str(node['@id']), page.canonical, page.url)) ??
    products.find((node) => page.heading !== null && cleanText(str(node.name) ?? '') === page.heading) ??
    (products[0] as JsonNode);
  const variants = asArray(main.hasVariant).filter((item): item is JsonNode => isNode(item));
  const variant = isType(main, /^ProductGroup$/i)
    ? (variants.find((item) => sameUrl(str(item.url), page.url, null, true)) ?? variants[0] ?? main)
    : main;
  const offer = pickOffer(variant.offers ?? main.offers, page.url);
  const crumbs = nodes.find((node) => isType(node, /^BreadcrumbList$/i));
  const declared = cleanText(str(main.name) ?? str(variant.name) ?? '') || null;
  // Such things are often named with venue or edition around the title the page's heading shows.
  const name =
    typed.length === 0 && declared && page.heading && declared.includes(page.heading)
      ? page.heading
      : declared;
  const price = priceOfOffer(offer, page.country);
  const category =
    str(main.category) ??
    str(variant.category) ??
    (crumbs ? categoryFromJsonCrumbs(crumbs, page, name) : null);
  return {
    url: str(main.url) ?? null,
    name,
    brand: brandName(variant.brand ?? main.brand),
    gtin: firstGtin(variant, offer) ?? firstGtin(main, null),
    mpn: str(variant.mpn) ?? str(main.mpn) ?? (offer ? str(offer.mpn) : null),
    sku: str(variant.sku) ?? str(main.sku) ?? (offer ? str(offer.sku) : null),
    price: price?.amount ?? null,
    price_max: price?.max ?? null,
    price_from: price?.from ?? false,
    currency:
      (offer && (str(offer.priceCurrency) ?? priceSpecification(offer)?.currency)) || price?.currency || null,
    offer_choices: offerChoices(variant.offers ?? main.offers, offer, page),
    availability: siblingAvailability(
      offerAvailability(variant.offers ?? main.offers, offer, page.url),
      products.filter((node) => node !== main && str(node.name) === str(main.name)),
      page.url,
    ),
    image: imageUrl(variant.image ?? main.image, page.url),
    category: category ? cleanText(category) : null,
  };
}

function isNode(value: unknown): value is JsonNode {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Type names compare case-insensitively: shops write `product` as often as `Product`. */
function isType(node: JsonNode, pattern: RegExp): boolean {
  return asArray(node['@type']).some(
    (type) =>
      typeof type === 'string' && pattern.test(type.replace(/^(https?:\/\/schema\.org\/|schema:)/i, '')),
  );
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function str(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  return value.trim() || null;
}

function sameUrl(value: string | null, first: string, second: string | null, withQuery = false): boolean {
  if (!value) return false;
  const url = URL.parse(value, first);
  if (!url) return false;
  const key = (u: URL): string => `${u.host}${u.pathname.replace(/\/$/, '')}${withQuery ? u.search : ''}`;
  return [first, second].some((candidate) => {
    const other = candidate ? URL.parse(candidate) : null;
    return !!other && key(other) === key(url);
  });
}

function pickOffer(offers: unknown, pageUrl: string): JsonNode | null {
  const list = asArray(offers).filter(isNode);
  const chosen = list.find((offer) => sameUrl(str(offer.url), pageUrl, null, true)) ?? list[0] ?? null;
  if (
    chosen &&
    isType(chosen, /^AggregateOffer$/i) &&
    chosen.lowPrice === undefined &&
    chosen.offers !== undefined
  ) {
    const inner = pickOffer(chosen.offers, pageUrl);
    return inner ? { priceCurrency: chosen.priceCurrency, ...inner } : chosen;
  }
  return chosen;
}

/**
 * Offers listed side by side at different prices (sizes: "1 oz $15", "4 oz $32"), where the offer
 * taken is no offer's by the page's address but only the first: the page shows the one selected,
 * which need not be the first. Empty otherwise.
 */
function offerChoices(offers: unknown, chosen: JsonNode | null, page: PageIdentity): OfferChoice[] {
  const list = asArray(offers).filter(isNode);
  if (list.length < 2 || chosen !== list[0] || sameUrl(str(chosen.url), page.url, null, true)) return [];
  const choices = list.flatMap((offer) => {
    const price = priceOfOffer(offer, page.country);
    return price && !price.from ? [{ price: price.amount, sku: str(offer.sku) }] : [];
  });
  return new Set(choices.map((choice) => Number(choice.price))).size > 1 ? choices : [];
}

/**
 * The chosen offer's stock; where the offers are sizes or sellers that share the page's address,
 * the product is in stock when any of them is.
 */
function offerAvailability(offers: unknown, chosen: JsonNode | null, pageUrl: string): Availability | null {
  if (!chosen) return null;
  const own = readAvailability(str(chosen.availability));
  const list = asArray(offers).filter(isNode);
  // Offers with URLs of their own are variants, and the page shows the chosen (or default) one.
  const addressed = new Set(
    list.map((offer) => str(offer.url) && URL.parse(str(offer.url) ?? '', pageUrl)?.href),
  );
  if (list.length < 2 || addressed.size > 1) return own;
  const all = list.map((offer) => readAvailability(str(offer.availability)));
  return all.includes('IN_STOCK') ? 'IN_STOCK' : own;
}

/**
 * Shops that list each size as a Product of the same name sell the product while any size is in
 * stock; the first listed may be a sold-out size.
 */
function siblingAvailability(
  own: Availability | null,
  siblings: readonly JsonNode[],
  pageUrl: string,
): Availability | null {
  if (own === 'IN_STOCK' || siblings.length === 0) return own;
  const inStock = siblings.some(
    (node) => offerAvailability(node.offers, pickOffer(node.offers, pageUrl), pageUrl) === 'IN_STOCK',
  );
  return inStock ? 'IN_STOCK' : own;
}

function priceSpecification(
  offer: JsonNode,
): { price: unknown; min: unknown; max: unknown; currency: string | null } | null {
  const specs = asArray(offer.priceSpecification).filter(isNode);
  // A list price or strike-through price is what the product used to cost, not what it costs.
  const spec =
    specs.find((item) => !/ListPrice|StrikethroughPrice|MSRP|SRP/i.test(str(item.priceType) ?? '')) ??
    specs[0];
  return spec
    ? { price: spec.price, min: spec.minPrice, max: spec.maxPrice, currency: str(spec.priceCurrency) }
    : null;
}

/** The offer's price, from its own fields or else from its price specification. */
function priceOfOffer(offer: JsonNode | null, country: string | null): PriceRange | null {
  if (!offer) return null;
  const spec = priceSpecification(offer);
  return offerPrice(
    {
      price: offer.price ?? (offer.lowPrice === undefined ? spec?.price : undefined),
      low: offer.lowPrice ?? spec?.min,
      high: offer.lowPrice === undefined ? spec?.max : offer.highPrice,
    },
    { country, currency: str(offer.priceCurrency) },
  );
}

function brandName(brand: unknown): string | null {
  const first = asArray(brand)[0];
  if (isNode(first)) return str(first.name);
  return str(first);
}

function firstGtin(node: JsonNode, offer: JsonNode | null): string | null {
  for (const source of [node, offer]) {
    if (!source) continue;
    for (const key of GTIN_KEYS) {
      const gtin = normaliseGtin(source[key]);
      if (gtin) return gtin;
    }
  }
  return null;
}

function imageUrl(image: unknown, pageUrl: string): string | null {
  const first = asArray(image)[0];
  const value = isNode(first) ? (str(first.url) ?? str(first.contentUrl)) : str(first);
  return value ? (URL.parse(value, pageUrl)?.href ?? null) : null;
}

function categoryFromJsonCrumbs(list: JsonNode, page: PageIdentity, name: string | null): string | null {
  const items = asArray(list.itemListElement)
    .filter(isNode)
    .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0))
    .map((item) => {
      const target = item.item;
      const url = isNode(target) ? (str(target['@id']) ?? str(target.url)) : str(target);
      const label = str(item.name) ?? (isNode(target) ? str(target.name) : null) ?? '';
      return { name: label, url };
    });
  return categoryFromCrumbs(items, { url: page.canonical, name });
}
