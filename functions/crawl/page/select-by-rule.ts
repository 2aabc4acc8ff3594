import type { CheerioAPI } from 'cheerio/slim';
import type { Element } from 'domhandler';

interface ElementIndex {
  byTag: Map<string, Element[]>;
  byId: Map<string, Element[]>;
}

const indexes = new WeakMap<CheerioAPI, ElementIndex>();
/** Combinators, selector lists and pseudo-classes take the full query; learned rules use none of them. */
const COMPLEX = /[,>+~:()]/;
const TAG_LED = /^([a-z][a-z0-9-]*)(?=[.[]|$)/i;
const PLAIN_ID = /^#([\w-]+)$/;

/**
 * The elements a markup rule's selector matches, in document order. A learned selector ends in a
 * tag (`div.box h1.title`) or a plain id, so only the page's elements with that tag or id are
 * tested, through an index built once per page: training tries hundreds of selectors on every
 * page, and a query over the whole document each time made it quadratic in the pages.
 */
export function selectByRule($: CheerioAPI, selector: string): Element[] {
  const last = COMPLEX.test(selector) ? undefined : selector.split(/(?<!\\)\s+/).at(-1);
  const tag = last ? TAG_LED.exec(last)?.[1] : undefined;
  const id = last && !tag ? PLAIN_ID.exec(last)?.[1] : undefined;
  if (!tag && !id) return $(selector).toArray() as Element[];
  const index = indexOf($);
  const candidates = (tag ? index.byTag.get(tag.toLowerCase()) : index.byId.get(id as string)) ?? [];
  return candidates.length === 0 ? [] : ($(candidates).filter(selector).toArray() as Element[]);
}

function indexOf($: CheerioAPI): ElementIndex {
  let index = indexes.get($);
  if (!index) {
    index = { byTag: new Map(), byId: new Map() };
    for (const element of $('*').toArray() as Element[]) {
      push(index.byTag, element.name.toLowerCase(), element);
      const id = element.attribs.id;
      if (id) push(index.byId, id, element);
    }
    indexes.set($, index);
  }
  return index;
}

function push(map: Map<string, Element[]>, key: string, element: Element): void {
  const list = map.get(key);
  if (list) list.push(element);
  else map.set(key, [element]);
}
