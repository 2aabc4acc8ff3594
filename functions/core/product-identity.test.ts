import { describe, expect, it } from 'vitest';
import { pageIdentity, productIdentity } from './product-identity.ts';

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

describe('variant identity', () => {
  const page = { url: 'https://shop.test/p/shirt?variant=7', canonical_url: 'https://shop.test/p/shirt' };
  const variant = (fields: {
    sku?: string | null;
    gtin?: string | null;
    variant_attributes?: Record<string, string>;
  }) => productIdentity({ ...page, variant_group: 'https://shop.test/p/shirt', ...fields });

  it('is the page identity for a record without variants', () => {
    expect(productIdentity({ ...page, variant_group: null, sku: 'A1' })).toBe('https://shop.test/p/shirt');
  });

  it('tells the variants of one page apart by SKU, else GTIN, else attributes in name order', () => {
    expect(variant({ sku: 'SH-M' })).toBe('https://shop.test/p/shirt#variant=sku%3ASH-M');
    expect(variant({ sku: 'SH-M' })).not.toBe(variant({ sku: 'SH-L' }));
    expect(variant({ gtin: '4006381333931' })).toBe('https://shop.test/p/shirt#variant=gtin%3A4006381333931');
    expect(variant({ variant_attributes: { size: 'M', colour: 'red' } })).toBe(
      variant({ variant_attributes: { colour: 'red', size: 'M' } }),
    );
    expect(variant({ variant_attributes: { size: 'M' } })).not.toBe(
      variant({ variant_attributes: { size: 'L' } }),
    );
  });

  it('keeps the page part: the page identity, so every variant of a page shares it', () => {
    expect(variant({ sku: 'SH-M' }).startsWith(`${pageIdentity(page)}#`)).toBe(true);
  });
});
