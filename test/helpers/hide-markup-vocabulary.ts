import { load } from 'cheerio/slim';
import type { Element } from 'domhandler';

/**
 * `data-*` names a shop platform fixes for every shop built on it, not words one shop chose: an
 * unseen shop on the same platform spells them the same way, so hiding them would measure nothing.
 */
const PLATFORM_DATA_ATTRIBUTES = new Set(['data-product-json', 'data-product_variations']);
/** Attributes that refer to an element's id: renamed with it, so the page keeps its own wiring. */
const ID_REFERENCES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/**
 * The page as a shop nobody here has seen would spell it: every class and id value and every
 * non-platform `data-*` attribute name replaced by a meaningless token, the same word by the same
 * token throughout the page (so repeated blocks still look alike), the visible text and every
 * other attribute kept. Scripts keep their attributes: they carry the page's data, not its
 * vocabulary. A reader that finds the price by the word "price" in a class name loses it here.
 */
export function hideMarkupVocabulary(html: string): string {
  const $ = load(html);
  const tokens = new Map<string, string>();
  const token = (prefix: string, word: string): string => {
    const key = `${prefix}:${word}`;
    let value = tokens.get(key);
    if (value === undefined) {
      value = `${prefix}${tokens.size.toString(36)}`;
      tokens.set(key, value);
    }
    return value;
  };
  const words = (value: string, prefix: string): string =>
    value
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => token(prefix, word))
      .join(' ');

  $('*').each((_, node) => {
    const element = node as Element;
    if (element.name === 'script') return;
    const renamed: Record<string, string> = {};
    for (const [name, value] of Object.entries(element.attribs)) {
      if (name === 'class') renamed.class = words(value, 'c');
      else if (name === 'id') renamed.id = token('i', value);
      else if (ID_REFERENCES.includes(name)) renamed[name] = words(value, 'i');
      else if (name.startsWith('data-') && !PLATFORM_DATA_ATTRIBUTES.has(name))
        renamed[`data-${token('d', name)}`] = value;
      else renamed[name] = value;
    }
    element.attribs = renamed;
  });
  return $.html();
}
