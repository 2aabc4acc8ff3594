import type { Element } from 'domhandler';
import { cleanText } from './clean-text.ts';
import { withoutStruckWording } from './is-struck-price.ts';
import type { LabelledIdentifiers } from './labelled-identifiers.ts';
import { mainHeading } from './main-heading.ts';
import type { PageAnatomy, PricedElement } from './page-anatomy.ts';
import type { ProductFields } from './product-fields.ts';
import { noFields } from './product-fields.ts';
import type { Page } from './read-page.ts';
import { textOf } from './text-of.ts';

/**
 * Prices that are not what the buyer pays for the product: delivery and its thresholds ("$7 flat
 * rate for orders under $50"), savings and discounts ("Up to $500 Off"), credit and finance terms, totals, unit prices, instalments.
 */
/**
 * Words of a saving ("You Save: $36.50"): they make a price a saving only where they come before
 * its amount; after it ("$29.99 REDcard save an additional 5%") they offer a further discount.
 */
const SAVING_BEFORE_AMOUNT = /(?:save|saving|sparen|risparmi|économ)[^\d]*\d/i;
const NOT_THE_PRICE =
  /deliver|\d\s*off\b|credit|financ|flat rate|orders? (?:under|over|of|above|from)\b|shipping|postage|versand|livraison|spedizion|envío|frete|dostaw|доставк|משלוח|total|gesamt|totale|\/\s*(?:\d+\s*)?(?:kg|g|l|ml|m|m²|stück|st|pc|unit)\b|per (?:kg|litre|unit)|\bx\s*\d+\s*(?:months?|mois|monate|mesi|cuotas)|\/\s*(?:mo|month|monat|mois)\b|^\+/i;
/**
 * "$210.00 Free shipping": words after the amount saying delivery costs nothing price no delivery,
 * so the amount is the product's. Before the amount ("Free shipping over $49") they name a threshold.
 */
const FREE_DELIVERY =
  /free (?:shipping|delivery)|kostenlose[rn]? (?:versand|lieferung)|versandkostenfrei|livraison (?:gratuite|offerte)|envío gratis|spedizione gratuita|darmowa dostawa|doprava zdarma|бесплатная доставка/giu;
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
    name: needs.priceAndName ? (mainHeading(page)?.text ?? null) : null,
    brand: labelled.brand,
    gtin: labelled.gtin,
    sku: labelled.sku,
    mpn: labelled.mpn,
    price: price?.price.amount ?? null,
    price_max: price?.price.max ?? null,
    price_from: price?.price.from ?? false,
    currency: price?.price.currency ?? null,
  };
}

/** The product's current price as the visible page shows it (see productFromPageRules). */
export function mainPrice(anatomy: PageAnatomy): PricedElement | null {
  // A price is judged by its own words, not those of a price block inside it: a sale price widened
  // to the block that also holds "You Save: $36.50" is still the price.
  const priceElements = new Set(anatomy.mainPrices.map((candidate) => candidate.element));
  const ownWords = (element: Element): string =>
    cleanText(textOf(element, '', (inner) => inner !== element && priceElements.has(inner)));
  // A zero amount is an empty total or an option's surcharge that a script fills in, not a price.
  const shown = anatomy.mainPrices.filter((candidate) => {
    // An old price its words name ("Was: $149.99") is no part of what the block's own words say.
    const words = withoutStruckWording(ownWords(candidate.element)).trim();
    const firstDigit = words.search(/\d/);
    const judged = `${words.slice(0, firstDigit)}${words.slice(firstDigit).replace(FREE_DELIVERY, '')}`;
    return (
      Number(candidate.price.amount) !== 0 &&
      !NOT_THE_PRICE.test(judged) &&
      !SAVING_BEFORE_AMOUNT.test(words.slice(0, firstDigit + 1))
    );
  });
  // A price inside the block of another ("16% off €41.30 €49.10") is that block's second price,
  // the one the sale replaced: the block's own price is the current one.
  const candidates = shown.filter(
    (candidate) => !shown.some((outer) => outer !== candidate && contains(outer.element, candidate.element)),
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

function contains(outer: Element, inner: Element): boolean {
  for (let node = inner.parent; node; node = node.parent) if (node === outer) return true;
  return false;
}
