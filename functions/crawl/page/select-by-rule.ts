import type { CheerioAPI } from 'cheerio/slim';
import { compile } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { pageElements } from './page-elements.ts';

/** Combinators, selector lists and pseudo-classes take the full query; learned rules use none of them. */
const COMPLEX = /[,>+~:()]/;
const TAG_LED = /^([a-z][a-z0-9-]*)(?=[.[]|$)/i;
const PLAIN_ID = /^#([\w-]+)$/;

/**
 * The elements a markup rule's selector matches, in document order. A learned selector ends in a
 * tag (`div.box h1.title`) or a plain id, so only the page's elements with that tag or id are
 * tested, through the page's element index (page-elements.ts): training tries hundreds of selectors on every
 * page, and a query over the whole document each time made it quadratic in the pages.
 */
export function selectByRule($: CheerioAPI, selector: string): Element[] {
  const last = COMPLEX.test(selector) ? undefined : selector.split(/(?<!\\)\s+/).at(-1);
  const tag = last ? TAG_LED.exec(last)?.[1] : undefined;
  const id = last && !tag ? PLAIN_ID.exec(last)?.[1] : undefined;
  if (!tag && !id) return $(selector).toArray() as Element[];
  const index = pageElements($);
  const candidates = (tag ? index.byTag.get(tag.toLowerCase()) : index.byId.get(id as string)) ?? [];
  return candidates.length === 0 ? [] : candidates.filter(compiled(selector));
}

/** Learned selectors compiled once per process: a crawl tests the same few on every page. */
const compiledSelectors = new Map<string, (element: Element) => boolean>();
const COMPILED_LIMIT = 2_000;

function compiled(selector: string): (element: Element) => boolean {
  let test = compiledSelectors.get(selector);
  if (!test) {
    if (compiledSelectors.size >= COMPILED_LIMIT) compiledSelectors.clear();
    test = compile<AnyNode, Element>(selector);
    compiledSelectors.set(selector, test);
  }
  return test;
}
