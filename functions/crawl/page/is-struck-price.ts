import type { Element } from 'domhandler';

const STRUCK_TAGS = new Set(['del', 's', 'strike']);
const STRUCK_WORD =
  /(?:^|[\s_-])(?:price)?(?:old|regular|was|before|compare|standard|original|strike|crossed|list)(?:price)?(?=$|[\s_-])/i;
/** Words that strike a price whatever token they stand in ("a-text-strike"). */
const STRIKE = /strike|crossed|line-?through/i;
const PRICE_WORD = /price|prix|preis|prezzo|precio|preço|cena|cen[ay]|hind|kaina|cijena|fiyat|цена/i;

/**
 * Whether an element shows a price that no longer applies (struck through, "was", "regular"). A
 * class says so alone ("old", "was-price"), or within a token about the price: a layout class
 * ("standard-product-column") names no price.
 */
export function isStruckPrice(element: Element): boolean {
  if (STRUCK_TAGS.has(element.name)) return true;
  if (element.attribs['data-price-type'] === 'oldPrice') return true;
  // Most elements have no class: asked of every element of a page, the split alone costs.
  const classes = element.attribs.class;
  if (!classes) return false;
  return classes
    .split(/\s+/)
    .some(
      (token) =>
        STRIKE.test(token) || (STRUCK_WORD.test(token) && (PRICE_WORD.test(token) || !/[-_]/.test(token))),
    );
}
