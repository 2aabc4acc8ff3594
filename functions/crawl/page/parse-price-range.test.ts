import { describe, expect, it } from 'vitest';
import { parsePriceRange } from './parse-price-range.ts';

describe('parsePriceRange', () => {
  it.each([
    ['od 1 299 Kč – 1 899 Kč', { amount: '1299.00', currency: 'CZK', max: '1899.00', from: true }],
    ['£12.99 - £15.99', { amount: '12.99', currency: 'GBP', max: '15.99', from: true }],
    ['$5 to $10', { amount: '5.00', currency: 'USD', max: '10.00', from: true }],
    ['od 100 do 200 zł', { amount: '100.00', currency: 'PLN', max: '200.00', from: true }],
    ['12-15 €', { amount: '12.00', currency: 'EUR', max: '15.00', from: true }],
    ['From £12.99', { amount: '12.99', currency: 'GBP', max: null, from: true }],
    ['ab 12,99 €', { amount: '12.99', currency: 'EUR', max: null, from: true }],
  ])('reads %s as the lowest of several', (text, expected) => {
    expect(parsePriceRange(text)).toEqual(expected);
  });

  it.each([
    ['12,99 € - 20 %', '12.99'],
    ['1.299,- Kč', '1299.00'],
    ['£20 - £10', '20.00'],
    ['23,49 €', '23.49'],
  ])('reads %s as one price: a saving, a dash for no cents, a falling pair', (text, amount) => {
    expect(parsePriceRange(text)).toMatchObject({ amount, max: null, from: false });
  });

  it('reads no price where the text has none', () => {
    expect(parsePriceRange('Price on request')).toBeNull();
  });
});
