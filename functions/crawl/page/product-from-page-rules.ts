import type { Element } from 'domhandler';
import { cleanText } from './clean-text.ts';
import type { LabelledIdentifiers } from './labelled-identifiers.ts';
import type { PageAnatomy, PricedElement } from './page-anatomy.ts';
import type { ProductFields } from './product-fields.ts';
import { noFields } from './product-fields.ts';
import type { Page } from './read-page.ts';
import { isHidden, textOf } from './text-of.ts';

/** Prices that are not what the buyer pays for the product: delivery, savings, totals, unit prices, instalments. */
const NOT_THE_PRICE =
  /deliver|shipping|postage|versand|livraison|spedizion|envío|save|sparen|risparmi|économ|total|gesamt|totale|\/\s*(?:\d+\s*)?(?:kg|g|l|ml|m|m²|stück|st|pc|unit)\b|per (?:kg|litre|unit)|\bx\s*\d+\s*(?:months?|mois|monate|mesi|cuotas)|\/\s*(?:mo|month|monat|mois)\b|^\+/i;
/**
 * Generic rules on the visible page, for pages that carry no structured data and shops with no
 * learned rules: the heading that names the page (the h1 closest to the document title), the
 * current price nearest before the buy button (else the first after the heading) that is not a
 * delivery, saving, total, unit or instalment price, and the brand and identifier the page labels.
 */
export function productFromPageRules(
  page: Page,
  anatomy: () => PageAnatomy,
  labelled: LabelledIdentifiers,
  needs: { priceAndName: boolean },
): ProductFields {
  const price = needs.priceAndName ? mainPrice(anatomy()) : null;
  return {
    ...noFields,
    name: needs.priceAndName ? pageHeading(page) : null,
    brand: labelled.brand,
    sku: labelled.sku,
    price: price?.price.amount ?? null,
    currency: price?.price.currency ?? null,
  };
}

function mainPrice(anatomy: PageAnatomy): PricedElement | null {
  const candidates = anatomy.mainPrices.filter(
    (candidate) => !NOT_THE_PRICE.test(cleanText(textOf(candidate.element))),
  );
  const button = anatomy.buyButtons[0];
  if (button) {
    const at = anatomy.order(button);
    const before = candidates.filter((candidate) => anatomy.order(candidate.element) < at);
    if (before.length > 0) return before.at(-1) ?? null;
  }
  const heading = anatomy.h1 ? anatomy.order(anatomy.h1) : -1;
  return candidates.find((candidate) => anatomy.order(candidate.element) > heading) ?? candidates[0] ?? null;
}

/** The h1 sharing most words with the title, outside menus (pages hide headings of pop-ups in h1s too). */
function pageHeading(page: Page): string | null {
  const title = words(page.meta.get('og:title') ?? textOf(page.$('title').first().toArray()));
  let best: { text: string; score: number } | null = null;
  for (const element of page.$('h1').toArray() as Element[]) {
    const text = cleanText(textOf(element, '', isHidden));
    if (!text || text.length > 300) continue;
    const own = words(text);
    // A heading in a menu, header or list item titles a section of the site, not the page.
    const inMenu = page.$(element).closest('nav, header, footer, li').length > 0;
    const score =
      [...own].filter((word) => title.has(word)).length / Math.max(own.size, 1) - (inMenu ? 1 : 0);
    if (!best || score > best.score) best = { text, score };
  }
  return best?.text ?? null;
}

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
}
