import { describe, expect, it } from 'vitest';
import { sortedPage } from './sorted-page.ts';

const item = (at: string, id: string) => ({ at, id });
const options = { sortKey: (x: { at: string }) => x.at, id: (x: { id: string }) => x.id };

describe('pages of a list sorted in memory', () => {
  it('shows each item once, newest first with ties by id, and no next position on the last page', () => {
    const items = [
      item('2026-01-02', 'a'),
      item('2026-01-03', 'b'),
      item('2026-01-02', 'c'),
      item('2026-01-01', 'd'),
    ];
    const first = sortedPage(items, { ...options, limit: 2 });
    expect(first.values.map((x) => x.id)).toEqual(['b', 'c']);
    const second = sortedPage(items, { ...options, limit: 2, after: first.next });
    expect(second.values.map((x) => x.id)).toEqual(['a', 'd']);
    expect(second.next).toBeUndefined();
  });

  it('leaves items added after the first page out of the later pages', () => {
    const items = [item('2026-01-02', 'a'), item('2026-01-01', 'b'), item('2026-01-01', 'c')];
    const first = sortedPage(items, { ...options, limit: 1 });
    const grown = [...items, item('2026-02-01', 'z')];
    const rest = sortedPage(grown, { ...options, limit: 10, after: first.next });
    expect(rest.values.map((x) => x.id)).toEqual(['c', 'b']);
  });
});
