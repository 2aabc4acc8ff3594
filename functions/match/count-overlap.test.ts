import { describe, expect, it } from 'vitest';
import { countOverlap } from './count-overlap.ts';

const link = (website_id: string, url: string, match_website_id: string, match_url: string) => ({
  website_id,
  url,
  match_website_id,
  match_url,
});

describe('countOverlap', () => {
  it('connects two competitors through the reference website they were both matched to', () => {
    const overlap = countOverlap(
      [link('ref', 'r1', 'a', 'a1'), link('ref', 'r1', 'b', 'b1'), link('ref', 'r2', 'a', 'a2')],
      ['ref', 'a', 'b'],
    );
    expect(overlap).toEqual([
      { website_id: 'a', match_website_id: 'b', products: 1 },
      { website_id: 'a', match_website_id: 'ref', products: 2 },
      { website_id: 'b', match_website_id: 'a', products: 1 },
      { website_id: 'b', match_website_id: 'ref', products: 1 },
      { website_id: 'ref', match_website_id: 'a', products: 2 },
      { website_id: 'ref', match_website_id: 'b', products: 1 },
    ]);
  });

  it('follows chains of any length and counts each product once', () => {
    const overlap = countOverlap([
      link('a', 'x', 'b', 'y'),
      link('c', 'z', 'b', 'y'),
      link('c', 'z', 'd', 'w'),
      link('a', 'x', 'd', 'w'),
    ]);
    expect(overlap.find((item) => item.website_id === 'a' && item.match_website_id === 'c')?.products).toBe(
      1,
    );
    expect(overlap).toHaveLength(12);
  });

  it('lists pairs without overlap with 0 products', () => {
    expect(countOverlap([], ['a', 'b'])).toEqual([
      { website_id: 'a', match_website_id: 'b', products: 0 },
      { website_id: 'b', match_website_id: 'a', products: 0 },
    ]);
  });
});
