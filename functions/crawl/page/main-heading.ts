import type { Element } from 'domhandler';
import { cleanText } from './clean-text.ts';
import { elementsByTag } from './page-elements.ts';
import type { Page } from './read-page.ts';
import { isHidden, textOf } from './text-of.ts';

/**
 * The h1 that names the page: the one sharing most words with the title, outside menus. Pages put
 * h1s in pop-ups, cart messages and side panels too, often before the product's own.
 */
export function mainHeading(page: Page): { element: Element; text: string } | null {
  const title = words(page.meta.get('og:title') ?? textOf(elementsByTag(page.$, 'title').slice(0, 1)));
  let best: { element: Element; text: string; score: number } | null = null;
  for (const element of elementsByTag(page.$, 'h1')) {
    const text = cleanText(textOf(element, '', isHidden));
    if (!text || text.length > 300) continue;
    const own = words(text);
    // A heading in a menu, header or list item titles a section of the site, not the page.
    const inMenu = page.$(element).closest('nav, header, footer, li').length > 0;
    const score =
      [...own].filter((word) => title.has(word)).length / Math.max(own.size, 1) - (inMenu ? 1 : 0);
    if (!best || score > best.score) best = { element, text, score };
  }
  return best && { element: best.element, text: best.text };
}

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
}
