import { describe, expect, it } from 'vitest';
import { Problem } from '#core/problem';
import { websiteAddress } from './website-identity.ts';

describe('websiteAddress', () => {
  it.each([
    ['https://www.Shop.example/cart?x=1', 'shop.example', 'https://www.shop.example/'],
    ['http://shop.example:80/a', 'shop.example', 'http://shop.example/'],
    ['https://shop.example:443', 'shop.example', 'https://shop.example/'],
    ['shop.example/products/1', 'shop.example', 'https://shop.example/'],
    ['http://127.0.0.1:4123/products/x', '127.0.0.1:4123', 'http://127.0.0.1:4123/'],
    ['http://www.shop.example.:8080/', 'shop.example:8080', 'http://www.shop.example:8080/'],
    ['https://wwwshop.example', 'wwwshop.example', 'https://wwwshop.example/'],
  ])('%s is the website %s, crawled from %s', (input, identity, homepage) => {
    expect(websiteAddress(input)).toEqual({ identity, homepage });
  });

  it('tells apart test shops that differ only by port', () => {
    expect(websiteAddress('http://127.0.0.1:4001/').identity).not.toBe(
      websiteAddress('http://127.0.0.1:4002/').identity,
    );
  });

  it.each(['', 'not a url', 'ftp://shop.example/', 'https://user:pw@shop.example/', 'https://localhost/'])(
    'refuses %j with 400 INVALID_URL',
    (input) => {
      let thrown: unknown;
      try {
        websiteAddress(input);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Problem);
      expect(thrown).toMatchObject({ status: 400, code: 'INVALID_URL' });
    },
  );
});
