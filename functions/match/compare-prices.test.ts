import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '#core/product-record';
import { priceFactor, priceRatio, pricesApart } from './compare-prices.ts';
import { describeProduct } from './describe-product.ts';
import { testProduct } from './test-product.ts';

const priced = (fields: Partial<ProductRecord>) => describeProduct(testProduct('u', 'Kettle', fields));

describe('priceRatio', () => {
  it('is how many times the higher price is the lower, in one currency', () => {
    expect(
      priceRatio(priced({ price: '30.00', currency: 'EUR' }), priced({ price: '10.00', currency: 'EUR' })),
    ).toBe(3);
    expect(priceRatio(priced({ price: '10.00' }), priced({ price: '12.50' }))).toBe(1.25);
  });

  it('is null without two comparable prices: one missing, a "from" price, another currency, zero', () => {
    const tenEuros = priced({ price: '10.00', currency: 'EUR' });
    expect(priceRatio(tenEuros, priced({ price: null, currency: 'EUR' }))).toBeNull();
    expect(
      priceRatio(tenEuros, priced({ price: '2.00', price_max: '40.00', price_from: true, currency: 'EUR' })),
    ).toBeNull();
    expect(priceRatio(tenEuros, priced({ price: '10.00', currency: 'USD' }))).toBeNull();
    expect(priceRatio(tenEuros, priced({ price: '0.00', currency: 'EUR' }))).toBeNull();
  });
});

describe('priceFactor', () => {
  it('leaves prices up to 1.5 times apart alone and lowers the score more the wider the gap', () => {
    expect(priceFactor(null)).toBe(1);
    expect(priceFactor(1.5)).toBe(1);
    expect(priceFactor(3)).toBeCloseTo(0.84, 2);
    expect(priceFactor(6)).toBeCloseTo(0.71, 2);
    expect(priceFactor(1000)).toBeGreaterThan(0);
  });

  it('calls prices apart only beyond 1.5 times, and old evidence without a ratio not apart', () => {
    expect(pricesApart(1.6)).toBe(true);
    expect(pricesApart(1.5)).toBe(false);
    expect(pricesApart(null)).toBe(false);
    expect(pricesApart(undefined)).toBe(false);
  });
});
