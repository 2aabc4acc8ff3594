import type { AnyNode, Element } from 'domhandler';
import type { Availability } from '#core/product-record';
import { cleanText } from './clean-text.ts';
import { mainHeading } from './main-heading.ts';
import { descendantsOf, pageElements } from './page-elements.ts';
import { readAvailability } from './read-availability.ts';
import type { Page } from './read-page.ts';
import { isUnseen, textOf } from './text-of.ts';

const STOCK_WORD = /availability|stock/i;

/** An element whose id or class names availability or stock, or that is a microdata availability. */
const isStockBlock = (element: Element) =>
  STOCK_WORD.test(element.attribs.id ?? '') ||
  STOCK_WORD.test(element.attribs.class ?? '') ||
  element.attribs.itemprop === 'availability';

/**
 * The stock statement the page shows in a block its markup names for availability or stock
 * ("<div id="availability"><span>Derzeit nicht verfügbar.</span> Ob und wann …</div>"): the first
 * such block whose first sentence reads as a stock state.
 */
export function shownAvailability(page: Page): Exclude<Availability, 'UNKNOWN'> | null {
  for (const element of pageElements(page.$).all) {
    if (!isStockBlock(element)) continue;
    if (element.name === 'script' || element.name === 'style' || element.name === 'link') continue;
    const content = element.attribs.content ?? element.attribs.href;
    const text = content ?? cleanText(textOf(element, ' ', isUnseen));
    const first = text.split(/[.!|\n]/).find((part) => part.trim() !== '') ?? '';
    const availability = readAvailability(first);
    if (availability && availability !== 'UNKNOWN') return availability;
  }
  return null;
}

/** Letters of the product's own block around its main heading: more is the page, not the product. */
const PRODUCT_BLOCK_LETTERS = 3000;
/** Letters of a stock sentence's element: a notice, not a description paragraph. */
const NOTICE_LETTERS = 200;

/**
 * "Vabandame, antud toode pole hetkel saadaval.": a sold-out notice the page shows in the product's
 * own block (the widest block around the main heading within PRODUCT_BLOCK_LETTERS) though its
 * markup names no stock block. Only "sold out" is read here: a block's "Available in 3 colours" or
 * a variant's "in stock" says less about the product than a notice that it cannot be bought.
 */
export function soldOutNearHeading(page: Page): 'OUT_OF_STOCK' | null {
  const heading = mainHeading(page)?.element;
  if (!heading) return null;
  let block: Element = heading;
  for (let node = heading.parent; node?.type === 'tag'; node = node.parent) {
    const element = node as Element;
    if (element.name === 'body' || lettersOver(element, PRODUCT_BLOCK_LETTERS)) break;
    block = element;
  }
  for (const element of descendantsOf(block)) {
    if (isUnseen(element) || !element.children.some((child) => child.type === 'text' && child.data.trim()))
      continue;
    if (lettersOver(element, NOTICE_LETTERS)) continue;
    const text = cleanText(textOf(element, ' ', isUnseen));
    const first = text.split(/[.!|\n]/).find((part) => part.trim() !== '') ?? '';
    if (readAvailability(first) === 'OUT_OF_STOCK') return 'OUT_OF_STOCK';
  }
  return null;
}

/** Whether the element's text has more than `max` letters, read only as far as needed. */
function lettersOver(element: Element, max: number): boolean {
  let count = 0;
  const stack: AnyNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text') {
      count += node.data.replace(/\s+/g, '').length;
      if (count > max) return true;
    } else if ('children' in node && !('attribs' in node && isUnseen(node as Element)))
      stack.push(...node.children);
  }
  return false;
}
