import { describe, expect, it } from 'vitest';
import { priceListWith } from './price-list.ts';

describe("the stage's price list", () => {
  it('applies PRICE_OVERRIDES over the defaults', () => {
    const priceList = priceListWith(
      JSON.stringify({ minCharge: '2.50', unitPricePer1000: { EASY: '1.75' } }),
    );
    expect(priceList.minCharge).toBe(250);
    expect(priceList.unitPricePer1000).toEqual({ EASY: 175, MEDIUM: 350, HARD: 600 });
  });

  it('is the defaults without overrides', () => {
    const priceList = priceListWith(undefined);
    expect(priceList.minCharge).toBe(100);
    expect(priceList.freeAnalysesPerMonth).toBe(3);
  });

  it('fails, naming the variable, when it is not JSON', () => {
    expect(() => priceListWith('{minCharge: 2}')).toThrow(/PRICE_OVERRIDES/);
  });
});
