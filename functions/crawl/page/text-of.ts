import type { AnyNode } from 'domhandler';

/**
 * The text of nodes and their descendants in document order, read with an explicit stack: a page
 * nesting thousands of elements must not overflow the call stack (cheerio's `.text()` recurses).
 * Script and style contents count as text, as in `.text()`.
 */
export function textOf(nodes: AnyNode | readonly AnyNode[] | null | undefined, separator = ''): string {
  if (!nodes) return '';
  const parts: string[] = [];
  const stack: AnyNode[] = Array.isArray(nodes) ? [...nodes].reverse() : [nodes as AnyNode];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text') parts.push(node.data);
    else if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return parts.join(separator);
}
