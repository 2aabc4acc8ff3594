import { load } from 'cheerio';

/** Microdata and RDFa attributes: they name the product to a machine and show nothing to the buyer. */
const MACHINE_ATTRIBUTES = [
  'itemscope',
  'itemtype',
  'itemprop',
  'itemid',
  'itemref',
  'vocab',
  'typeof',
  'property',
  'resource',
  'about',
  'prefix',
  'datatype',
  'content',
];

/**
 * The page as a reader without structured data sees it: JSON-LD blocks, Open Graph and product
 * meta tags, microdata and RDFa removed (the elements that only carry them dropped, the attributes
 * taken off visible elements); the visible text stays, so the page's labels still hold.
 */
export function stripStructuredData(html: string): string {
  const $ = load(html);
  $('script').each((_, script) => {
    if ((script.attribs.type ?? '').trim().toLowerCase() === 'application/ld+json') $(script).remove();
  });
  $('meta[property], meta[itemprop], link[itemprop], meta[name^="og:"], meta[name^="product:"]').remove();
  for (const attribute of MACHINE_ATTRIBUTES)
    $(`[${attribute}]`).each((_, element) => {
      if (!$(element).is('meta')) $(element).removeAttr(attribute);
    });
  return $.html();
}
