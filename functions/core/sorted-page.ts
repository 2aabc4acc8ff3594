import type { ListPosition } from './list-cursor.ts';

/**
 * One page of a list sorted in memory, newest first by `sortKey` (ties broken by `id`, both
 * descending): up to `limit` items after the position the page before ended at.
 */
export function sortedPage<T>(
  items: readonly T[],
  options: {
    limit: number;
    after?: ListPosition;
    sortKey: (item: T) => string;
    id: (item: T) => string;
  },
): { values: T[]; next: ListPosition | undefined } {
  const { sortKey, id } = options;
  const newestFirst = (a: T, b: T) => sortKey(b).localeCompare(sortKey(a)) || id(b).localeCompare(id(a));
  const sorted = [...items].sort(newestFirst);
  const after = options.after;
  const rest = after
    ? sorted.filter((item) => {
        const key = sortKey(item);
        const at = String(after.sort_key);
        return key < at || (key === at && id(item) < String(after.id));
      })
    : sorted;
  const values = rest.slice(0, options.limit);
  const last = values.at(-1);
  return {
    values,
    next: rest.length > options.limit && last ? { sort_key: sortKey(last), id: id(last) } : undefined,
  };
}
