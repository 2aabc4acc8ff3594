import type { Element } from 'domhandler';
import type { ProductRecord } from '#core/product-record';
import type { ExtractionMethod, ExtractionProfile } from '../learn/extraction-profile.ts';
import { isStruckPrice } from './is-struck-price.ts';
import { normaliseAmount } from './normalise-amount.ts';
import { normaliseGtin } from './normalise-gtin.ts';
import { priceOfElement } from './price-of-element.ts';
import type { ProductFields } from './product-fields.ts';
import { productFromJsonLd } from './product-from-json-ld.ts';
import { productFromMicrodata } from './product-from-microdata.ts';
import { productFromOpenGraph } from './product-from-open-graph.ts';
import { productFromSelectors } from './product-from-selectors.ts';
import type { Page } from './read-page.ts';

const ORDER: Exclude<ExtractionMethod, 'SELECTORS'>[] = ['JSONLD', 'MICRODATA', 'OPENGRAPH'];

/**
 * Reads the page's product with a learned profile: the profile's method first, the other structured
 * sources next, markup rules for whatever they leave out. Null when the page is not a product page
 * (no source names a product with a price or a name).
 */
export function extractProduct(
  page: Page,
  profile: ExtractionProfile,
  now: Date = new Date(),
): ProductRecord | null {
  const context = { country: profile.country, currency: profile.currency };
  const identity = {
    url: page.url,
    canonical: page.canonical,
    heading: page.heading,
    country: profile.country,
  };
  const readers: Record<(typeof ORDER)[number], () => ProductFields | null> = {
    JSONLD: () => productFromJsonLd(page.jsonLd, identity),
    MICRODATA: () => productFromMicrodata(page.$, identity),
    OPENGRAPH: () => productFromOpenGraph(page.meta, identity),
  };
  const methods =
    profile.method === 'SELECTORS' ? ORDER : [profile.method, ...ORDER.filter((m) => m !== profile.method)];
  let structured: ProductFields | null = null;
  for (const method of methods) {
    structured = readers[method]();
    if (structured && (structured.price !== null || structured.name !== null)) break;
    structured = null;
  }
  const markup = productFromSelectors(page, profile.selectors, context);
  if (!structured && (markup.name === null || markup.price === null)) return null;
  const pick = <K extends keyof ProductFields>(key: K): ProductFields[K] => structured?.[key] ?? markup[key];
  const currency = structured?.currency ?? markup.currency ?? profile.currency;
  let price = structured?.price ?? markup.price;
  // A sale the structured data missed: the page shows another current price and strikes through the structured one.
  if (
    structured?.price &&
    markup.price &&
    normaliseAmount(markup.price, currency) !== normaliseAmount(structured.price, currency) &&
    struckPriceShown(page, structured.price, context)
  ) {
    price = markup.price;
  }
  const skuFromUrl = profile.sku_from_url
    ? new RegExp(profile.sku_from_url).exec(new URL(page.url).pathname)?.[1]
    : null;
  return {
    url: canonicalUrl(page, structured?.url ?? null),
    name: pick('name'),
    brand: pick('brand'),
    gtin: normaliseGtin(pick('gtin')),
    mpn: pick('mpn'),
    sku: pick('sku') ?? skuFromUrl ?? null,
    price: price === null ? null : normaliseAmount(price, currency),
    currency,
    availability: structured?.availability ?? markup.availability ?? 'UNKNOWN',
    image: pick('image'),
    category: pick('category'),
    scraped_at: now.toISOString(),
  };
}

function struckPriceShown(
  page: Page,
  amount: string,
  context: { country: string | null; currency: string | null },
): boolean {
  const target = normaliseAmount(amount, context.currency);
  return (
    page
      .$(
        'del, s, strike, [class*="old"], [class*="regular"], [class*="standard"], [class*="was"], [data-price-type="oldPrice"]',
      )
      .toArray() as Element[]
  )
    .filter(isStruckPrice)
    .some((element) => {
      const price = priceOfElement(element, context);
      return price !== null && normaliseAmount(price.amount, price.currency ?? context.currency) === target;
    });
}

/** The page's canonical link; without one, the URL the structured data gives the product; else the page URL. */
function canonicalUrl(page: Page, declared: string | null): string {
  if (page.canonical !== page.url || !declared) return page.canonical;
  return URL.parse(declared, page.url)?.href ?? page.canonical;
}
