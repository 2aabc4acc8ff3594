import { describe, expect, it } from 'vitest';
import { shopBlocksCrawler } from './wall-count.ts';

describe('shopBlocksCrawler', () => {
  it('is false without any wall', () => {
    expect(shopBlocksCrawler({ answered: 10, walled: 0 }, 0)).toBe(false);
  });

  it('is true when half or more of the answers were walls', () => {
    expect(shopBlocksCrawler({ answered: 10, walled: 5 }, 3)).toBe(true);
  });

  it('is true when a few walls kept every product page from being read', () => {
    expect(shopBlocksCrawler({ answered: 10, walled: 3 }, 0)).toBe(true);
  });

  it('is false for a stray wall on a shop whose products were read', () => {
    expect(shopBlocksCrawler({ answered: 10, walled: 1 }, 4)).toBe(false);
  });
});
