import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMoney } from './money.ts';
import {
  type Difficulty,
  defaultPriceList,
  type Estimate,
  estimateJob,
  resolvePriceList,
  settleJob,
  setupAnalysisCharge,
} from './pricing.ts';

const difficulty = fc.constantFrom<Difficulty>('EASY', 'MEDIUM', 'HARD');
const quantity = fc.integer({ min: 0, max: 50_000_000 });
const priceText = fc.integer({ min: 0, max: 100_000 }).map((cents) => (cents / 100).toFixed(2));
const priceList = fc
  .record({
    EASY: priceText,
    MEDIUM: priceText,
    HARD: priceText,
    minCharge: priceText,
    capPercent: fc.integer({ min: 100, max: 400 }),
  })
  .map(({ EASY, MEDIUM, HARD, minCharge, capPercent }) =>
    resolvePriceList({ unitPricePer1000: { EASY, MEDIUM, HARD }, minCharge, capPercent }),
  );
const scrapeEstimate = fc
  .tuple(difficulty, quantity, priceList)
  .map(([level, products, prices]) => estimateJob({ lane: 'SCRAPE', difficulty: level, products }, prices));

/** Independent oracle: round(n / d) half-up for n ≥ 0 is floor((2n + d) / 2d). */
const roundHalfUp = (numerator: bigint, denominator: bigint) =>
  (2n * numerator + denominator) / (2n * denominator);

describe('estimateJob', () => {
  it('quotes a FULL scrape at the difficulty price', () => {
    expect(estimateJob({ lane: 'SCRAPE', difficulty: 'MEDIUM', products: 1000 })).toEqual({
      currency: 'EUR',
      unit_price_per_1000: '3.50',
      quantity: 1000,
      total: '3.50',
      cap: '4.38', // 437.5 cents, half-up
      min_charge: '1.00',
      difficulty: 'MEDIUM',
      input_products: 1000,
    } satisfies Estimate);
  });

  it.each([
    ['EASY', 12_345, '2.00', '24.69', '30.86'], // 2469 cents; cap 3086.25
    ['HARD', 12_345, '6.00', '74.07', '92.59'], // 7407 cents; cap 9258.75
    ['HARD', 1, '6.00', '1.00', '1.25'], // below the minimum charge
    ['EASY', 0, '2.00', '1.00', '1.25'], // an empty estimate still quotes the minimum
  ] as const)('%s × %i products at %s: total %s, cap %s', (level, products, unit, total, cap) => {
    const estimate = estimateJob({ lane: 'SCRAPE', difficulty: level, products });
    expect(estimate).toMatchObject({ unit_price_per_1000: unit, total, cap, quantity: products });
  });

  it('quotes matching per 1000 reference products times competitors', () => {
    const estimate = estimateJob({ lane: 'MATCHING', referenceProducts: 2500, competitorCount: 3 });
    expect(estimate).toEqual({
      currency: 'EUR',
      unit_price_per_1000: '2.00',
      quantity: 7500,
      total: '15.00',
      cap: '18.75',
      min_charge: '1.00',
      difficulty: 'EASY',
      input_products: 2500,
    } satisfies Estimate);
  });

  it('uses a stage price list', () => {
    const prices = resolvePriceList({
      unitPricePer1000: { HARD: '7.25' },
      minCharge: '0.50',
      capPercent: 150,
    });
    const estimate = estimateJob({ lane: 'SCRAPE', difficulty: 'HARD', products: 100 }, prices);
    expect(estimate).toMatchObject({
      unit_price_per_1000: '7.25',
      total: '0.73',
      cap: '1.10',
      min_charge: '0.50',
    });
    expect(prices.unitPricePer1000.EASY).toBe(200);
  });

  it('refuses counts that are not whole and non-negative', () => {
    expect(() => estimateJob({ lane: 'SCRAPE', difficulty: 'EASY', products: -1 })).toThrow(RangeError);
    expect(() => estimateJob({ lane: 'SCRAPE', difficulty: 'EASY', products: 1.5 })).toThrow(RangeError);
    expect(() =>
      estimateJob({ lane: 'MATCHING', referenceProducts: 2 ** 40, competitorCount: 2 ** 20 }),
    ).toThrow(RangeError);
  });

  it('never quotes a cap below the total or a total below the minimum charge', () => {
    fc.assert(
      fc.property(scrapeEstimate, (estimate) => {
        const total = parseMoney(estimate.total);
        expect(total).toBeGreaterThanOrEqual(parseMoney(estimate.min_charge));
        expect(parseMoney(estimate.cap)).toBeGreaterThanOrEqual(total);
      }),
    );
  });
});

describe('settleJob', () => {
  const estimate = estimateJob({ lane: 'SCRAPE', difficulty: 'MEDIUM', products: 1000 });

  it.each([
    [1000, '3.50', false],
    [1001, '3.50', false], // 350.35 cents: one rounding of the exact product
    [1003, '3.51', false], // 351.05 cents
    [999, '3.50', false], // 349.65 cents -> 350
    [1250, '4.38', false], // 437.5 -> 438, the cap exactly: the cap did not bite
    [1252, '4.38', false], // 438.2 -> 438
    [1253, '4.38', true], // 438.55 -> 439, capped
    [100_000, '4.38', true],
    [10, '1.00', false], // minimum charge
    [1, '1.00', false],
    [0, '0.00', false], // nothing delivered, nothing charged
  ])('%i products cost %s (capped %s)', (delivered, amount, capped) => {
    expect(settleJob(estimate, delivered)).toEqual({ quantity: delivered, currency: 'EUR', amount, capped });
  });

  it('rounds half-up, not half-even', () => {
    // At 0.01 per 1000 products, 2500 products cost exactly 2.5 cents.
    const tiePrices = resolvePriceList({ unitPricePer1000: { EASY: '0.01' }, minCharge: '0.00' });
    const tie = estimateJob({ lane: 'SCRAPE', difficulty: 'EASY', products: 1_000_000 }, tiePrices);
    expect(settleJob(tie, 2500).amount).toBe('0.03'); // 2.5 cents -> 3
    expect(settleJob(tie, 1500).amount).toBe('0.02'); // 1.5 cents -> 2
    expect(settleJob(tie, 2499).amount).toBe('0.02');
  });

  it('refuses a negative or fractional quantity', () => {
    expect(() => settleJob(estimate, -1)).toThrow(RangeError);
    expect(() => settleJob(estimate, 0.5)).toThrow(RangeError);
  });

  it('charges the quoted total for the quoted quantity', () => {
    fc.assert(
      fc.property(scrapeEstimate, (quote) => {
        fc.pre(quote.quantity > 0);
        expect(settleJob(quote, quote.quantity).amount).toBe(quote.total);
      }),
    );
  });

  it('never charges more than the cap, nor less than the minimum for a delivery', () => {
    fc.assert(
      fc.property(scrapeEstimate, quantity, (quote, delivered) => {
        const amount = parseMoney(settleJob(quote, delivered).amount);
        expect(amount).toBeLessThanOrEqual(parseMoney(quote.cap));
        if (delivered > 0) expect(amount).toBeGreaterThanOrEqual(parseMoney(quote.min_charge));
        else expect(amount).toBe(0);
      }),
    );
  });

  it('rounds the exact usage charge half-up to the cent once, then clamps', () => {
    fc.assert(
      fc.property(scrapeEstimate, quantity, (quote, delivered) => {
        fc.pre(delivered > 0);
        const unit = BigInt(parseMoney(quote.unit_price_per_1000));
        const usage = roundHalfUp(BigInt(delivered) * unit, 1000n);
        const floor = BigInt(parseMoney(quote.min_charge));
        const cap = BigInt(parseMoney(quote.cap));
        const uncapped = usage > floor ? usage : floor;
        const settlement = settleJob(quote, delivered);
        expect(BigInt(parseMoney(settlement.amount))).toBe(uncapped < cap ? uncapped : cap);
        expect(settlement.capped).toBe(uncapped > cap);
      }),
    );
  });
});

describe('resolvePriceList', () => {
  it("holds the design's defaults", () => {
    expect(defaultPriceList).toEqual({
      unitPricePer1000: { EASY: 200, MEDIUM: 350, HARD: 600, BROWSER: 900 },
      matchingUnitPricePer1000: 200,
      minCharge: 100,
      capPercent: 125,
      setupAnalysisPrice: 500,
      freeAnalysesPerMonth: 3,
    });
  });

  it('names the bad setting', () => {
    expect(() => resolvePriceList({ minCharge: '1.005' })).toThrow(/minCharge/);
    expect(() => resolvePriceList({ unitPricePer1000: { MEDIUM: '-1' } })).toThrow(/unitPricePer1000.MEDIUM/);
    expect(() => resolvePriceList({ capPercent: 99 })).toThrow(/capPercent/);
    expect(() => resolvePriceList({ freeAnalysesPerMonth: -1 })).toThrow(/freeAnalysesPerMonth/);
  });
});

describe('setupAnalysisCharge', () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 500],
    [10, 500],
  ])('after %i analyses this month the next costs %i cents', (usedThisMonth, expected) => {
    expect(setupAnalysisCharge({ usedThisMonth })).toBe(expected);
  });

  it("follows the customer's own free quota", () => {
    expect(setupAnalysisCharge({ usedThisMonth: 3, freePerMonth: 5 })).toBe(0);
    expect(setupAnalysisCharge({ usedThisMonth: 0, freePerMonth: 0 })).toBe(500);
  });
});
