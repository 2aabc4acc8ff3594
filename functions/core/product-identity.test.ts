import { describe, expect, it } from 'vitest';
import { productIdentity } from './product-identity.ts';

const identity = (url: string, canonical_url?: string | null) => productIdentity({ url, canonical_url });

describe('product identity', () => {
  it('is the fetched URL when the canonical points to another host, another path or the home page', () => {
    const url = 'https://shop.test/p/chair';
    expect(identity(url, 'https://other.example/p/chair')).toBe(url);
    expect(identity(url, 'https://shop.test/p/chair-old-404')).toBe(url);
    expect(identity(url, 'https://shop.test/')).toBe(url);
    expect(identity(url, 'http://shop.test/p/chair?x=1')).toBe(url);
  });

  it('takes the canonical of the same page, which can only drop or change its query', () => {
    expect(identity('https://shop.test/p/chair?variant=2', 'https://www.shop.test/p/chair')).toBe(
      'https://www.shop.test/p/chair',
    );
  });

  it('drops the fragment and tracking parameters and sorts the rest of the query', () => {
    expect(identity('https://Shop.test/p/chair?utm_source=x&b=2&a=1&gclid=9#reviews')).toBe(
      'https://shop.test/p/chair?a=1&b=2',
    );
    expect(identity('https://shop.test/p/chair', null)).toBe('https://shop.test/p/chair');
  });

  it('is the text itself when the URL does not parse', () => {
    expect(identity('not a url')).toBe('not a url');
  });
});
