/** One page of a list paged by cursor, and the cursor of the next page when there is one. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/**
 * Every item of a list paged by cursor, for a picker that must offer them all, read page after
 * page up to `most` items so a huge list cannot stall the page that needs it.
 */
export async function allPages<T>(
  read: (cursor: string | null) => Promise<Page<T>>,
  most: number,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const next: Page<T> = await read(cursor);
    items.push(...next.items);
    cursor = next.next;
  } while (cursor && items.length < most);
  return items.slice(0, most);
}
