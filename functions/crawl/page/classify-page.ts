import type { ExtractionMethod } from '../learn/extraction-profile.ts';
import { type PageAnatomy, pageAnatomy } from './page-anatomy.ts';
import type { PriceContext } from './parse-price.ts';
import type { ProductFields } from './product-fields.ts';
import { productFromJsonLd } from './product-from-json-ld.ts';
import { productFromMicrodata } from './product-from-microdata.ts';
import { productFromOpenGraph } from './product-from-open-graph.ts';
import type { Page } from './read-page.ts';

export type PageKind = 'PRODUCT' | 'LISTING' | 'OTHER';

export interface PageClassification {
  kind: PageKind;
  /** Structured sources that describe the page's product, in the order of preference. */
  structured: Partial<Record<Exclude<ExtractionMethod, 'SELECTORS'>, ProductFields>>;
  anatomy: PageAnatomy;
}

/**
 * Tells a product page from a listing and other pages: structured data naming a product (with a
 * price or a name matching the heading), else a heading with a current price and a buy button
 * outside product cards; a listing shows at least three product cards.
 */
export function classifyPage(page: Page, context: PriceContext): PageClassification {
  const identity = {
    url: page.url,
    canonical: page.canonical,
    heading: page.heading,
    country: context.country ?? null,
  };
  const structured: PageClassification['structured'] = {};
  const fromJsonLd = productFromJsonLd(page.jsonLd, identity);
  if (fromJsonLd && (fromJsonLd.price !== null || fromJsonLd.name === page.heading))
    structured.JSONLD = fromJsonLd;
  const fromMicrodata = productFromMicrodata(page.$, identity);
  if (fromMicrodata && fromMicrodata.name !== null && fromMicrodata.name === page.heading)
    structured.MICRODATA = fromMicrodata;
  const fromOpenGraph = productFromOpenGraph(page.meta, identity);
  if (fromOpenGraph && (fromOpenGraph.price !== null || fromOpenGraph.name === page.heading))
    structured.OPENGRAPH = fromOpenGraph;
  const anatomy = pageAnatomy(page, context);
  const looksLikeProduct =
    anatomy.h1 !== null && anatomy.mainPrices.length > 0 && anatomy.buyButtons.length > 0;
  const kind: PageKind =
    Object.keys(structured).length > 0 || looksLikeProduct
      ? 'PRODUCT'
      : anatomy.cardLinks.length >= 3
        ? 'LISTING'
        : 'OTHER';
  return { kind, structured, anatomy };
}
