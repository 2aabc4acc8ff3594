import { type Child, fill, h, table } from './dom.ts';
import { problemView } from './forms.ts';

type Column<T> = { title: string; cell: (item: T) => Child };

/**
 * A list the API pages by cursor: the first page, then `Next page` while the API gives a next
 * cursor, and `First page` to start again. A list of 10,000 items is never read whole.
 */
export function pagedList<T>(
  caption: string,
  columns: readonly Column<NoInfer<T>>[],
  load: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>,
): HTMLElement {
  const holder = h('section', { class: 'paged', 'aria-label': caption });
  const show = async (cursor: string | null, pageNumber: number) => {
    try {
      const { items, next } = await load(cursor);
      const nav = h(
        'div',
        { class: 'pager' },
        pageNumber > 1
          ? h('button', { type: 'button', onclick: () => void show(null, 1) }, 'First page')
          : null,
        next
          ? h('button', { type: 'button', onclick: () => void show(next, pageNumber + 1) }, 'Next page')
          : null,
        pageNumber > 1 || next ? h('span', {}, `Page ${pageNumber}`) : null,
      );
      fill(holder, table(caption, columns, items), nav);
    } catch (error) {
      fill(holder, problemView(error));
    }
  };
  fill(holder, h('p', {}, 'Loading…'));
  void show(null, 1);
  return holder;
}
