import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  delete process.env.PRICE_OVERRIDES;
  vi.resetModules();
});

describe("the stage's price list", () => {
  it('applies PRICE_OVERRIDES over the defaults', async () => {
    process.env.PRICE_OVERRIDES = JSON.stringify({ minCharge: '2.50', unitPricePer1000: { EASY: '1.75' } });
    const { priceList } = await import('./price-list.ts');
    expect(priceList.minCharge).toBe(250);
    expect(priceList.unitPricePer1000).toEqual({ EASY: 175, MEDIUM: 350, HARD: 600, BROWSER: 900 });
  });

  it('is the defaults without overrides', async () => {
    const { priceList } = await import('./price-list.ts');
    expect(priceList.minCharge).toBe(100);
    expect(priceList.freeAnalysesPerMonth).toBe(3);
  });

  it('fails at cold start, naming the variable, when it is not JSON', async () => {
    process.env.PRICE_OVERRIDES = '{minCharge: 2}';
    await expect(import('./price-list.ts')).rejects.toThrow(/PRICE_OVERRIDES/);
  });
});
