import { describe, expect, it } from 'vitest';
import { codeInUrl, urlCodes } from './code-in-url.ts';
import { readPage } from './read-page.ts';

const read = (url: string, body: string) => codeInUrl(readPage(`<html><body>${body}</body></html>`, url));

describe('codeInUrl', () => {
  it("takes the code ending a slug where the page's script data repeats it, in the page's spelling", () => {
    const url = 'https://shop.test/versace-bull-slim-fit-jeans-azzurro-vei22g013-k11.html';
    const body =
      '<script>window.state={"articleInfo":{"id":"VEI22G013-K11","sizes":[{"id":"VEI22G013-K110029000"}]}}</script>';
    expect(read(url, body)).toBe('VEI22G013-K11');
  });

  it('takes a numeric code of the path or the query that the page shows', () => {
    expect(read('https://shop.test/deal/4548094738', '<span>4548094738</span>')).toBe('4548094738');
    expect(read('https://shop.test/p/lamp?childSku=545642356', '<div data-sku="545642356"></div>')).toBe(
      '545642356',
    );
  });

  it('takes no code the page repeats only inside its links', () => {
    const url = 'https://shop.test/mavis-winter-coat-gle22t00g-q11.html';
    const body =
      '<a href="/mavis-winter-coat-gle22t00g-q11.html">Coat</a><link data-x="android-app://shop/PDS?sku=GLE22T00G-Q11">';
    expect(read(url, body)).toBeNull();
  });

  it("takes no word of the product's name for a code", () => {
    expect(
      read('https://shop.test/iphone-12-pro-128gb', '<h1>iPhone 12 Pro 128GB</h1><p>2020</p>'),
    ).toBeNull();
    expect(urlCodes('https://shop.test/iphone-12-pro-128gb/2020')).toEqual([]);
  });

  it('lists the longer tail of a slug before its last word, the path before the query', () => {
    expect(urlCodes('https://shop.test/c/zestaw-wc,p571345,l1646.html?sku=AB12345')).toEqual([
      'p571345',
      'AB12345',
    ]);
  });
});
