import { describe, expect, it } from 'vitest';
import { expectedCalibrationError } from './calibration-error.ts';

describe('expectedCalibrationError', () => {
  it('is 0 where each bin is right as often as it says', () => {
    expect(expectedCalibrationError([0.95, 0.95, 0.05, 0.05], [true, true, false, false])).toBeCloseTo(0.05);
    expect(expectedCalibrationError([0.5, 0.5], [true, false])).toBe(0);
  });

  it('weighs each bin by its size', () => {
    // Bin 0.9: 3 pairs saying 0.9, 1 right (gap 0.567); bin 0.1: 1 pair saying 0.1, right (gap 0.9).
    const error = expectedCalibrationError([0.9, 0.9, 0.9, 0.1], [true, false, false, true]);
    expect(error).toBeCloseTo((3 * (0.9 - 1 / 3) + 0.9) / 4);
  });

  it('puts a confidence of 1 in the top bin and has nothing to measure on no predictions', () => {
    expect(expectedCalibrationError([1], [true])).toBe(0);
    expect(expectedCalibrationError([], [])).toBe(0);
  });
});
