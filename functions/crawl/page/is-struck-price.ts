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

/**
 * Words that say the amount after them no longer applies ("Was: $149.99", "UVP 59,99 €", "Было
 * 1 529 ₽"): shops print the old price beside the new one in plain text as often as they strike it
 * through, and the words hold where the markup's class names are a shop's own.
 */
const STRUCK_WORDS =
  '(?:was|now\\s+was|reg\\.?|regular(?:\\s+price)?|list(?:\\s+price)?|rrp|msrp|uvp|statt|zuvor|vorher|previously|compare\\s+at|originally|original\\s+price|typical\\s+price|avant|antes|prima|dříve|было|старая\\s+цена)';
const STRUCK_AMOUNT = new RegExp(
  `(?<![\\p{L}])${STRUCK_WORDS}\\s*:?\\s*[^\\d\\s]{0,4}\\s?\\d[\\d\\s.,'’]*(?:[^\\d\\s.,]{1,4}\\.?)?`,
  'giu',
);
const STRUCK_LABEL = new RegExp(`^${STRUCK_WORDS}\\s*:?$`, 'iu');

/** Whether the text opens with an old price named by its words ("Was £20", "RRP: 59,99 €"). */
export function opensWithStruckPrice(text: string): boolean {
  STRUCK_AMOUNT.lastIndex = 0;
  const match = STRUCK_AMOUNT.exec(text);
  return match !== null && match.index === 0;
}

/** Whether the text is only the words naming an old price ("Was:", "RRP"), a label before its amount. */
export function namesStruckPrice(text: string): boolean {
  return text.length <= 20 && STRUCK_LABEL.test(text);
}

/** The text without the old prices its words name, so that the current price is the one read. */
export function withoutStruckWording(text: string): string {
  return text.replace(STRUCK_AMOUNT, ' ');
}
