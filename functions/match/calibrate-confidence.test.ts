import { describe, expect, it } from 'vitest';
import { calibrationFeatureNames, calibrationFeatures, type MatchSignals } from './calibrate-confidence.ts';

const signals = (prices: Pick<MatchSignals, 'priceRatio' | 'rivalPriceRatio'>): MatchSignals => ({
  learned: 0.9,
  score: 0.7,
  runnerUp: 0.5,
  rivalLearned: 0.85,
  coded: false,
  ...prices,
});

const priceColumns = (row: number[]) => ({
  compare: row[calibrationFeatureNames.indexOf('pricesCompare')],
  further: row[calibrationFeatureNames.indexOf('rivalPricedFurther')],
});

describe('calibrationFeatures, prices', () => {
  it("reads how much further the rival's price is from the reference's than the match's, bounded", () => {
    expect(priceColumns(calibrationFeatures(signals({ priceRatio: 1.2, rivalPriceRatio: 1.5 })))).toEqual({
      compare: 1,
      further: Math.log(1.5) - Math.log(1.2),
    });
    // A rival priced like the reference and a match four times apart: as far as the bound.
    expect(priceColumns(calibrationFeatures(signals({ priceRatio: 4, rivalPriceRatio: 1 })))).toEqual({
      compare: 1,
      further: -1,
    });
  });

  it('reads nothing where the prices do not compare, or on matches of runs before match-13', () => {
    expect(priceColumns(calibrationFeatures(signals({ priceRatio: 1.1, rivalPriceRatio: null })))).toEqual({
      compare: 1,
      further: 0,
    });
    expect(priceColumns(calibrationFeatures(signals({ priceRatio: null, rivalPriceRatio: 2 })))).toEqual({
      compare: 0,
      further: 0,
    });
    expect(priceColumns(calibrationFeatures(signals({})))).toEqual({ compare: 0, further: 0 });
  });
});
