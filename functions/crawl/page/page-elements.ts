import type { CheerioAPI } from 'cheerio/slim';
import { type AnyNode, type Element, isTag } from 'domhandler';

/** A page's elements in document order, and by tag name and id: built in one walk of the tree. */
export interface PageElements {
  all: Element[];
  byTag: Map<string, Element[]>;
  byId: Map<string, Element[]>;
}

const built = new WeakMap<CheerioAPI, PageElements>();

/**
 * The elements of the page `$` holds, walked once per page and kept: every reader asks for a few
 * tags (meta, h1, scripts, table cells), and a CSS query per question walked the whole document
 * each time, a fifth of a page's reading on the crawl bench.
 */
export function pageElements($: CheerioAPI): PageElements {
  let elements = built.get($);
  if (!elements) {
    elements = walk($.root().toArray()[0]?.children ?? []);
    built.set($, elements);
  }
  return elements;
}

/** The page's elements of one tag (lower case), in document order. */
export const elementsByTag = ($: CheerioAPI, tag: string): readonly Element[] =>
  pageElements($).byTag.get(tag) ?? [];

/**
 * The elements below `element`, in document order, as `$(element).find('*')` gives them: css-select
 * checks each element's ancestors for such a query, which on a page nesting thousands of levels
 * costs the depth times the elements.
 */
export const descendantsOf = (element: Element | undefined): Element[] =>
  element ? walk(element.children).all : [];

function walk(roots: readonly AnyNode[]): PageElements {
  const elements: PageElements = { all: [], byTag: new Map(), byId: new Map() };
  const pending: AnyNode[] = [...roots].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (!isTag(node)) continue;
    elements.all.push(node);
    push(elements.byTag, node.name.toLowerCase(), node);
    const id = node.attribs.id;
    if (id) push(elements.byId, id, node);
    for (let child = node.children.length - 1; child >= 0; child--)
      pending.push(node.children[child] as AnyNode);
  }
  return elements;
}

function push(map: Map<string, Element[]>, key: string, element: Element): void {
  const list = map.get(key);
  if (list) list.push(element);
  else map.set(key, [element]);
}
