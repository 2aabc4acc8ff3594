import type { Element } from 'domhandler';
import type { Availability } from '#core/product-record';
import { cleanText } from './clean-text.ts';
import { readAvailability } from './read-availability.ts';
import type { Page } from './read-page.ts';
import { isUnseen, textOf } from './text-of.ts';

const STOCK_BLOCKS =
  '[id*="availability" i], [class*="availability" i], [id*="stock" i], [class*="stock" i], [itemprop="availability"]';

/**
 * The stock statement the page shows in a block its markup names for availability or stock
 * ("<div id="availability"><span>Derzeit nicht verfügbar.</span> Ob und wann …</div>"): the first
 * such block whose first sentence reads as a stock state.
 */
export function shownAvailability(page: Page): Exclude<Availability, 'UNKNOWN'> | null {
  for (const element of page.$(STOCK_BLOCKS).toArray() as Element[]) {
    if (element.name === 'script' || element.name === 'style' || element.name === 'link') continue;
    const content = element.attribs.content ?? element.attribs.href;
    const text = content ?? cleanText(textOf(element, ' ', isUnseen));
    const first = text.split(/[.!|\n]/).find((part) => part.trim() !== '') ?? '';
    const availability = readAvailability(first);
    if (availability && availability !== 'UNKNOWN') return availability;
  }
  return null;
}
