/** Children a view may pass: nodes, text, nothing (skipped) or nested lists of them. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

type Attributes = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/**
 * One element: `on…` attributes become listeners, `true` a bare attribute, `false`/null/undefined
 * no attribute. Plain DOM, so the console needs no framework and loads small.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined)
      element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces everything inside an element. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A table with a caption (its accessible name), a header row and one row per item. */
export function table<T>(
  caption: string,
  columns: readonly { title: string; cell: (item: T) => Child }[],
  items: readonly T[],
): HTMLElement {
  if (items.length === 0) return h('p', { class: 'empty' }, `${caption}: none yet.`);
  return h(
    'table',
    {},
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        columns.map((column) => h('th', { scope: 'col' }, column.title)),
      ),
    ),
    h(
      'tbody',
      {},
      items.map((item) =>
        h(
          'tr',
          {},
          columns.map((column) => h('td', {}, column.cell(item))),
        ),
      ),
    ),
  );
}

/** A labelled progress bar: a screen reader hears the label and the percentage. */
export function progressBar(label: string, percent: number | null | undefined): HTMLElement {
  const value = Math.max(0, Math.min(100, Math.round(percent ?? 0)));
  return h(
    'div',
    { class: 'progress' },
    h('label', {}, `${label}: ${value} %`, h('progress', { max: 100, value })),
  );
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}
