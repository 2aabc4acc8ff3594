import type { CheerioAPI } from 'cheerio/slim';
import type { Element } from 'domhandler';
import { normaliseGtin } from '#core/normalise-gtin';
import { categoryFromCrumbs } from './category-from-crumbs.ts';
import { cleanText } from './clean-text.ts';
import { isStruckPrice } from './is-struck-price.ts';
import { offerPrice } from './offer-price.ts';
import { elementsByTag, pageElements } from './page-elements.ts';
import type { ProductFields } from './product-fields.ts';
import type { PageIdentity } from './product-from-json-ld.ts';
import { readAvailability } from './read-availability.ts';
import { isHidden, textOf } from './text-of.ts';

interface Item {
  element: Element;
  properties: Map<string, (string | Item)[]>;
  /** Values of `price` the page strikes through (the old price an offer marks up beside the new one). */
  struckPrices: Set<string>;
}

/** How a markup syntax names items and their properties: microdata's itemscope/itemprop or RDFa's typeof/property. */
interface Syntax {
  type: (element: Element) => string;
  names: (element: Element) => string[];
  /** Whether an element starts an item of its own (and owns the properties inside it). */
  startsItem: (element: Element) => boolean;
}

const MICRODATA: Syntax = {
  type: (element) => element.attribs.itemtype ?? '',
  names: (element) => element.attribs.itemprop?.split(/\s+/).filter(Boolean) ?? [],
  startsItem: (element) => element.attribs.itemscope !== undefined,
};

/** RDFa Lite with schema.org (`vocab`, or `schema:` prefixes and full IRIs) names properties without a prefix. */
const RDFA: Syntax = {
  type: (element) => element.attribs.typeof ?? '',
  names: (element) =>
    (element.attribs.property ?? '')
      .split(/\s+/)
      .filter((name) => name && !/^(og|fb|product|twitter|article):/i.test(name))
      .map((name) => name.replace(/^(?:schema:|https?:\/\/schema\.org\/)/i, '')),
  startsItem: (element) => element.attribs.typeof !== undefined,
};

/** The page's own product from RDFa (`typeof="Product"`, `property="schema:price"`), read as microdata is. */
export function productFromRdfa($: CheerioAPI, page: PageIdentity): ProductFields | null {
  return productFromItems($, page, RDFA);
}

/**
 * The page's own product from schema.org microdata. Products in related-product cards are items
 * too; the page's product is the one holding the h1, else the one whose URL is the page's, else the
 * only one. Several items none of which is tied to the page are the cards of a listing (a home or
 * category page): no product of the page's own.
 */
export function productFromMicrodata($: CheerioAPI, page: PageIdentity): ProductFields | null {
  return productFromItems($, page, MICRODATA);
}

function productFromItems($: CheerioAPI, page: PageIdentity, syntax: Syntax): ProductFields | null {
  const scopes = pageElements($).all.filter(syntax.startsItem);
  const roots = scopes.filter(
    (element) =>
      syntax.names(element).length === 0 &&
      /(?:^|\s|schema:|schema\.org\/)Product/i.test(syntax.type(element)),
  );
  if (roots.length === 0) return null;
  const h1 = elementsByTag($, 'h1')[0];
  const items = roots.map((root) => readItem(root, syntax));
  const main =
    items.find((item) => h1 !== undefined && $(item.element).find(h1).length > 0) ??
    items.find((item) => {
      const url = text(item, 'url');
      return url !== null && URL.parse(url, page.url)?.href === page.canonical;
    }) ??
    (items.length === 1 ? items[0] : undefined);
  if (!main) return null;
  const offer = pricedOffer(main);
  const currency = offer ? text(offer, 'priceCurrency') : null;
  const price = offer
    ? offerPrice(
        {
          price: currentPrice(offer) ?? undefined,
          low: text(offer, 'lowPrice'),
          high: text(offer, 'highPrice'),
        },
        { country: page.country, currency },
      )
    : null;
  const brandValue = main.properties.get('brand')?.[0];
  const brand =
    brandValue === undefined ? null : typeof brandValue === 'string' ? brandValue : text(brandValue, 'name');
  const crumbs = scopes.find((element) => /BreadcrumbList/i.test(syntax.type(element)));
  const name = text(main, 'name');
  const image = text(main, 'image');
  let category = text(main, 'category');
  if (!category && crumbs) {
    const list = readItem(crumbs, syntax);
    const entries = (list.properties.get('itemListElement') ?? [])
      .filter((entry): entry is Item => typeof entry !== 'string')
      .map((entry) => {
        const target = entry.properties.get('item')?.[0];
        const targetName = target && typeof target !== 'string' ? text(target, 'name') : null;
        return {
          name: text(entry, 'name') ?? targetName ?? '',
          url: typeof target === 'string' ? target : null,
        };
      });
    category = categoryFromCrumbs(entries, { url: page.canonical, name });
  }
  const gtin = ['gtin13', 'gtin', 'gtin14', 'gtin12', 'gtin8']
    .map((key) => normaliseGtin(text(main, key) ?? (offer ? text(offer, key) : null)))
    .find((value) => value !== null);
  return {
    url: text(main, 'url'),
    name,
    brand: brand ? cleanText(brand) : null,
    gtin: gtin ?? null,
    mpn: text(main, 'mpn') ?? (offer ? text(offer, 'mpn') : null),
    sku: text(main, 'sku') ?? (offer ? text(offer, 'sku') : null),
    price: price?.amount ?? null,
    price_max: price?.max ?? null,
    price_from: price?.from ?? false,
    currency: currency ?? price?.currency ?? null,
    availability: offer ? readAvailability(text(offer, 'availability')) : null,
    image: image ? (URL.parse(image, page.url)?.href ?? null) : null,
    category,
  };
}

/**
 * An item and its properties, nested items read into their own, in document order. Walked with an
 * explicit stack: a page may nest thousands of elements inside an item.
 */
function readItem(root: Element, syntax: Syntax): Item {
  const item: Item = { element: root, properties: new Map(), struckPrices: new Set() };
  const pending: { element: Element; owner: Item; struck: boolean }[] = [];
  const enqueueChildren = (element: Element, owner: Item, struck: boolean): void => {
    for (let index = element.children.length - 1; index >= 0; index--) {
      const child = element.children[index];
      if (child?.type === 'tag' || child?.type === 'script')
        pending.push({ element: child as Element, owner, struck });
    }
  };
  enqueueChildren(root, item, false);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { element, owner } = next;
    const struck = next.struck || isStruckPrice(element);
    const names = syntax.names(element);
    let reader = owner;
    if (syntax.startsItem(element)) {
      // A nested item without a property name belongs to no property of this item: its markup is its own.
      if (names.length === 0) continue;
      reader = { element, properties: new Map(), struckPrices: new Set() };
      addProperty(owner, names, reader);
    } else if (names.length > 0) {
      const value = propertyValue(element);
      addProperty(owner, names, value);
      if (struck && names.includes('price')) owner.struckPrices.add(value);
    }
    enqueueChildren(element, reader, struck);
  }
  return item;
}

function addProperty(item: Item, names: readonly string[], value: string | Item): void {
  for (const name of names) {
    const list = item.properties.get(name) ?? [];
    list.push(value);
    item.properties.set(name, list);
  }
}

function propertyValue(element: Element): string {
  const attribs = element.attribs;
  if (attribs.content !== undefined) return attribs.content.trim();
  switch (element.name) {
    case 'a':
    case 'link':
    case 'area':
      return attribs.href ?? '';
    case 'img':
    case 'audio':
    case 'video':
    case 'source':
    case 'embed':
    case 'iframe':
      return attribs.src ?? attribs['data-src'] ?? '';
    case 'time':
      return attribs.datetime ?? cleanText(textOf(element));
    case 'data':
    case 'meter':
      return attribs.value ?? cleanText(textOf(element));
    default:
      return cleanText(textOf(element, '', isHidden));
  }
}

function text(item: Item, name: string): string | null {
  const value = item.properties.get(name)?.[0];
  return typeof value === 'string' && value ? value : null;
}

/**
 * The offer's current price: an offer marking up two prices ("$39.90 $1.90") with the old one
 * struck through gives the one not struck; else its first.
 */
function currentPrice(offer: Item): string | null {
  const prices = (offer.properties.get('price') ?? []).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return prices.find((value) => !offer.struckPrices.has(value)) ?? prices[0] ?? null;
}

/**
 * The offer that names a price: a shop may wrap the priced offer in another offer block (the page
 * section marked up as an Offer around the price's own Offer), so nested offers are searched too;
 * without a priced one, the first offer.
 */
function pricedOffer(item: Item): Item | null {
  const offers = (item.properties.get('offers') ?? []).filter(
    (entry): entry is Item => typeof entry !== 'string',
  );
  for (const offer of offers) {
    if (text(offer, 'price') ?? text(offer, 'lowPrice')) return offer;
    const inner = pricedOffer(offer);
    if (inner && (text(inner, 'price') ?? text(inner, 'lowPrice'))) return inner;
  }
  return offers[0] ?? null;
}
