import type { AnyNode, Element } from 'domhandler';
import { currencyInText } from './currency-in-text.ts';
import { isStruckPrice, withoutStruckWording } from './is-struck-price.ts';
import { normaliseAmount } from './normalise-amount.ts';
import type { PriceContext } from './parse-price.ts';
import { type PriceRange, parsePriceRange } from './parse-price-range.ts';
import { textOf } from './text-of.ts';

const PRICE_ATTRIBUTES = [
  'content',
  'data-price-amount',
  'data-price',
  'data-product-price',
  'data-amount',
  'data-value',
];

/**
 * The current price an element shows: a machine-readable attribute when it has one (microdata
 * `content`, `data-price-amount`), else its text without old prices (struck through, or named so
 * by their words: "Was $20"), with digits in
 * `<sup>` read as the fraction ("1 299<sup>90</sup>"), as the lowest of the range or "from" price
 * it shows.
 */
export function priceOfElement(element: Element, context: PriceContext): PriceRange | null {
  const text = withoutStruckWording(visibleText(element)).replaceAll(STRUCK_MARK, ' ');
  const currency =
    element.attribs['data-currency'] ??
    element.attribs['data-price-currency'] ??
    currencyInText(text, context.country);
  for (const name of PRICE_ATTRIBUTES) {
    const value = element.attribs[name]?.trim();
    if (value && /^\d+(\.\d+)?$/.test(value)) {
      const resolved = currency ?? context.currency ?? null;
      const amount = normaliseAmount(value, resolved);
      if (amount !== null) return { amount, currency: resolved, max: null, from: false };
    }
  }
  return parsePriceRange(text, { country: context.country, currency: currency ?? context.currency });
}

/**
 * Stands where a struck-through price was: the words naming an old price ("Was:") then precede it,
 * not the current price after it.
 */
const STRUCK_MARK = ' [struck] ';

function visibleText(element: Element): string {
  let text = '';
  // An explicit stack (a marker closes a block with a space): deep nesting must not overflow.
  const stack: (AnyNode | { close: string })[] = [element];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode | { close: string };
    if ('close' in node) {
      text += node.close;
      continue;
    }
    if (node.type === 'text') {
      text += node.data;
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const child = node as Element;
    if (child.name === 'script' || child.name === 'style') continue;
    if (child !== element && isStruckPrice(child)) {
      text += STRUCK_MARK;
      continue;
    }
    if (child.name === 'sup' && /\d$/.test(text.trim())) {
      const digits = textOf(child).trim();
      if (/^\d{1,3}$/.test(digits)) {
        text = `${text.trimEnd()}${text.includes('.') ? ',' : '.'}${digits}`;
        continue;
      }
    }
    if (child !== element && /^(p|div|li|br|td|th|tr)$/.test(child.name)) stack.push({ close: ' ' });
    for (let i = child.children.length - 1; i >= 0; i--) stack.push(child.children[i] as AnyNode);
  }
  return text;
}
