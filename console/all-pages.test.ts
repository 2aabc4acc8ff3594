import { describe, expect, it } from 'vitest';
import { allPages, type Page } from './src/all-pages.ts';

/** A list of `total` numbers served `size` at a time, the cursor being the next index. */
function pagedList(total: number, size: number) {
  const cursors: (string | null)[] = [];
  const read = async (cursor: string | null): Promise<Page<number>> => {
    cursors.push(cursor);
    const start = cursor ? Number(cursor) : 0;
    const end = Math.min(start + size, total);
    return {
      items: Array.from({ length: end - start }, (_, index) => start + index),
      next: end < total ? String(end) : null,
    };
  };
  return { read, cursors };
}

describe('allPages', () => {
  it('reads every page by cursor until the list ends', async () => {
    // Prepare
    const list = pagedList(250, 100);

    // Act
    const items = await allPages(list.read, 1_000);

    // Assess
    expect(items).toEqual(Array.from({ length: 250 }, (_, index) => index));
    expect(list.cursors).toEqual([null, '100', '200']);
  });

  it('stops once it holds the most it may, without reading further pages', async () => {
    // Prepare
    const list = pagedList(5_000, 100);

    // Act
    const items = await allPages(list.read, 250);

    // Assess
    expect(items).toHaveLength(250);
    expect(items.at(-1)).toBe(249);
    expect(list.cursors).toEqual([null, '100', '200']);
  });

  it('reads one page of an empty list', async () => {
    // Prepare
    const list = pagedList(0, 100);

    // Act
    const items = await allPages(list.read, 1_000);

    // Assess
    expect(items).toEqual([]);
    expect(list.cursors).toEqual([null]);
  });
});
