import type { AnyNode, Element } from 'domhandler';

/** Classes that hide text from sighted buyers or move it off screen ("Details about" in front of a title is read only by screen readers). */
const HIDING_CLASS =
  /(?:^|\s)(?:g-hdn|hidden|(?:a|aok|is|u)-hidden|d-none|hide|sr-only|visually-hidden|visuallyhidden|screen-reader-text|offleft|offscreen|off-screen)(?:\s|$)/;
const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/** Whether an element's text is hidden from sighted buyers (until a script shows it, as a pop-up's). */
export function isHidden(element: Element): boolean {
  return (
    element.attribs.hidden !== undefined ||
    HIDING_CLASS.test(element.attribs.class ?? '') ||
    HIDING_STYLE.test(element.attribs.style ?? '')
  );
}

const NOT_SHOWN = new Set(['script', 'style', 'template', 'noscript']);

/** Whether an element's text is not what the page shows: hidden, or script, style and template contents. */
export function isUnseen(element: Element): boolean {
  return NOT_SHOWN.has(element.name) || isHidden(element);
}

/**
 * The text of nodes and their descendants in document order, read with an explicit stack: a page
 * nesting thousands of elements must not overflow the call stack (cheerio's `.text()` recurses).
 * Script and style contents count as text, as in `.text()`.
 */
export function textOf(
  nodes: AnyNode | readonly AnyNode[] | null | undefined,
  separator = '',
  skip: (element: Element) => boolean = () => false,
): string {
  if (!nodes) return '';
  const parts: string[] = [];
  const stack: AnyNode[] = Array.isArray(nodes) ? [...nodes].reverse() : [nodes as AnyNode];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text') parts.push(node.data);
    else if ('children' in node && !('attribs' in node && skip(node as Element)))
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return parts.join(separator);
}
