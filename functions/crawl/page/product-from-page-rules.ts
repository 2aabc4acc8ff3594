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
  const savings: number[] = [];
  // A zero amount is an empty total or an option's surcharge that a script fills in, not a price.
  const judgedShown = anatomy.mainPrices.filter((candidate) => {
    // An old price its words name ("Was: $149.99") is no part of what the block's own words say.
    const words = withoutStruckWording(ownWords(candidate.element)).trim();
    const firstDigit = words.search(/\d/);
    const judged = `${words.slice(0, firstDigit)}${words.slice(firstDigit).replace(FREE_DELIVERY, '')}`;
    if (SAVING_BEFORE_AMOUNT.test(words.slice(0, firstDigit + 1))) {
      savings.push(Number(candidate.price.amount));
      return false;
    }
    return Number(candidate.price.amount) !== 0 && !NOT_THE_PRICE.test(judged);
  });
  // "Price: $119.99 · Deal of the Day: $89.00 · You Save: $30.99": where the saving the page shows
  // is what one price is above another, the higher is the old price, struck through or not.
  const shown = judgedShown.filter(
    (candidate) =>
      !judgedShown.some((other) =>
        savings.some(
          (saving) =>
            Math.abs(Number(candidate.price.amount) - Number(other.price.amount) - saving) < SAME_AMOUNT,
        ),
      ),
  );
  // A price inside the block of another is that block's second price. A sale only lowers a price:
  // of two amounts shown one after the other, the higher is the one the sale replaced, whether the
  // block shows it first ("EUR219.99 -50% EUR110.00") or second ("16% off €41.30 €49.10"). Words
  // between them make the second amount something else ("13,40 € Back on your card 0,27 €").
  const candidates = shown.flatMap((outer) => {
    if (shown.some((other) => other !== outer && contains(other.element, outer.element))) return [];
    const lowest = shown
      .filter(
        (inner) =>
          inner !== outer &&
          inner.price.currency === outer.price.currency &&
          contains(outer.element, inner.element) &&
          followsAmount(outer.element, inner.element),
      )
      .reduce<PricedElement>(
        (low, inner) => (Number(inner.price.amount) < Number(low.price.amount) ? inner : low),
        outer,
      );
    return [lowest === outer ? outer : { element: outer.element, price: lowest.price }];
  });
  const button = anatomy.buyButtons[0];
  if (button) {
    const at = anatomy.order(button);
    const before = candidates.filter((candidate) => anatomy.order(candidate.element) < at);
    if (before.length > 0) return before.at(-1) ?? null;
  }
  const heading = anatomy.h1 ? anatomy.order(anatomy.h1) : -1;
  return candidates.find((candidate) => anatomy.order(candidate.element) > heading) ?? candidates[0] ?? null;
}

/**
 * Letters that may stand between two amounts shown one after the other: a currency's code or sign
 * ("EUR", "zł") and a discount ("-50%"), no words.
 */
const BETWEEN_AMOUNTS_LETTERS = 4;

/** Whether the inner block's amount follows an amount of the outer block with no words between. */
function followsAmount(outer: Element, inner: Element): boolean {
  const outerText = cleanText(textOf(outer));
  const innerText = cleanText(textOf(inner));
  const at = outerText.indexOf(innerText);
  const before = at < 0 ? '' : outerText.slice(0, at);
  const lastDigit = before.search(/\d[^\d]*$/);
  if (lastDigit < 0) return false;
  const between = `${before.slice(lastDigit + 1)}${innerText.slice(0, Math.max(0, innerText.search(/\d/)))}`;
  return (between.match(/\p{L}/gu) ?? []).length <= BETWEEN_AMOUNTS_LETTERS;
}

/** Amounts closer than half a cent are the same amount. */
const SAME_AMOUNT = 0.005;

function contains(outer: Element, inner: Element): boolean {
  for (let node = inner.parent; node; node = node.parent) if (node === outer) return true;
  return false;
}
