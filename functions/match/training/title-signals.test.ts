import { describe, expect, it } from 'vitest';
import { describeProduct } from '../describe-product.ts';
import { testProduct } from '../test-product.ts';
import { countTerms, weighCounts } from '../weigh-terms.ts';
import { fitLogistic } from './fit-calibration.ts';
import { lineContradictions, titleSignalNames, titleSignals } from './title-signals.ts';

const product = (name: string, price: number | null = null) =>
  describeProduct(
    testProduct(`https://shop.example/${encodeURIComponent(name)}`, name, {
      price: price === null ? null : String(price),
      currency: price === null ? null : 'USD',
    }),
  );

describe('lineContradictions', () => {
  it('counts edition, licence and version words one title names and the other lacks', () => {
    // Prepare
    const full = product('Adobe Photoshop CS3 for Mac');
    const extendedUpgrade = product('Adobe Photoshop CS3 Extended Mac Upgrade');
    const office2004 = product('Microsoft Office 2004 Standard');
    const office2008 = product('Microsoft Office 2008 Standard');

    // Act & Assess
    expect(lineContradictions(full, extendedUpgrade)).toBe(2);
    expect(lineContradictions(office2004, office2008)).toBe(2);
  });

  it('finds none between two spellings of one listing', () => {
    expect(
      lineContradictions(product('Adobe Photoshop CS3 Mac'), product('adobe photoshop cs3 for mac')),
    ).toBe(0);
  });
});

describe('titleSignals', () => {
  it('reads numbers, editions and prices of the two titles', () => {
    // Prepare
    const a = product('Microsoft Office 2004 Standard Upgrade', 240);
    const b = product('Microsoft Office 2008 Professional', 480);
    const weights = weighCounts(countTerms([[a], [b]]));

    // Act
    const signals = titleSignals(a, b, weights);
    const named = Object.fromEntries(titleSignalNames.map((name, i) => [name, signals[i]]));

    // Assess
    expect(named.numbers_disjoint).toBe(1);
    expect(named.version_conflict).toBe(1);
    expect(named.edition_conflict).toBe(1);
    expect(named.licence_one_side).toBe(1);
    expect(named.prices_both).toBe(1);
    expect(named.price_log_ratio).toBeCloseTo(Math.log(2));
  });
});

describe('fitLogistic', () => {
  it('learns the log-odds a column adds and nothing from one that says nothing', () => {
    // Prepare: right 4 times in 5 where the first column is 1, once in 5 where it is 0.
    const rows = Array.from({ length: 400 }, (_, i) => [i % 2, Math.floor(i / 10) % 2]);
    const labels = rows.map(([x], i) => (x === 1) !== (i % 10 === 0 || i % 10 === 5));

    // Act
    const model = fitLogistic(rows, labels);

    // Assess
    expect(model.weights[0]).toBeCloseTo(2 * Math.log(4), 0);
    expect(Math.abs(model.weights[1] as number)).toBeLessThan(0.1);
  });
});
