import type { Element } from 'domhandler';

const STRUCK_TAGS = new Set(['del', 's', 'strike']);
const STRUCK_CLASS =
  /(?:^|[\s_-])(?:price)?(?:old|regular|was|before|compare|standard|original|strike|crossed|list)(?:price)?(?=$|[\s_-])/i;

/** Whether an element shows a price that no longer applies (struck through, "was", "regular"). */
export function isStruckPrice(element: Element): boolean {
  if (STRUCK_TAGS.has(element.name)) return true;
  if (element.attribs['data-price-type'] === 'oldPrice') return true;
  return STRUCK_CLASS.test(element.attribs.class ?? '');
}
