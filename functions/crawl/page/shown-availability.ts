import type { Element } from 'domhandler';
import type { Availability } from '#core/product-record';
import { cleanText } from './clean-text.ts';
import { pageElements } from './page-elements.ts';
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
