import { describe, expect, it } from 'vitest';
import { calibrateConfidence, type MatchSignals } from '../calibrate-confidence.ts';
import { expectedCalibrationError } from './calibration-error.ts';
import { type CalibrationSample, fitCalibration } from './fit-calibration.ts';

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Pairs whose chance of being right rises with their margin over the runner-up and falls where the
 * learned scorer takes their rival too, drawn as labels.
 */
function samples(count: number, seed: number): CalibrationSample[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const runnerUp = next() * 0.6;
    const rivalLearned = next();
    const signals: MatchSignals = {
      learned: 0.5 + next() * 0.5,
      score: 0.6,
      runnerUp,
      rivalLearned,
      coded: next() < 0.5,
    };
    const chance = 1 / (1 + Math.exp(-(4 * Math.log(0.62 / (runnerUp + 0.02)) - 2 * rivalLearned)));
    return { signals, same: next() < chance };
  });
}

describe('fitCalibration', () => {
  it('learns confidences that match the share of right pairs on data it did not see', () => {
    const calibration = fitCalibration(samples(4000, 1));
    const test = samples(4000, 2);
    const confidences = test.map((sample) => calibrateConfidence(sample.signals, calibration));
    expect(
      expectedCalibrationError(
        confidences,
        test.map((sample) => sample.same),
      ),
    ).toBeLessThan(0.03);
    expect(calibration.weights[2]).toBeGreaterThan(2);
  });

  it('gives a pair far ahead of its look-alikes more confidence than one close to them', () => {
    const calibration = fitCalibration(samples(2000, 3));
    const signals = { learned: 0.8, score: 0.6, rivalLearned: 0.3, coded: false };
    expect(calibrateConfidence({ ...signals, runnerUp: 0.05 }, calibration)).toBeGreaterThan(
      calibrateConfidence({ ...signals, runnerUp: 0.5 }, calibration),
    );
  });

  it('gives a pair less confidence where the learned scorer takes its rival for the product too', () => {
    const calibration = fitCalibration(samples(4000, 4));
    const signals = { learned: 0.8, score: 0.6, runnerUp: 0.3, coded: false };
    expect(calibrateConfidence({ ...signals, rivalLearned: 0.05 }, calibration)).toBeGreaterThan(
      calibrateConfidence({ ...signals, rivalLearned: 0.95 }, calibration),
    );
  });

  it('keeps weights finite where a feature separates every sample', () => {
    const separated: CalibrationSample[] = [0, 1, 2, 3].map((i) => ({
      signals: { learned: 0.9, score: 0.7, runnerUp: 0.1, rivalLearned: 0, coded: i % 2 === 0 },
      same: i % 2 === 0,
    }));
    const calibration = fitCalibration(separated);
    expect(calibration.weights.every(Number.isFinite)).toBe(true);
    expect(Number.isFinite(calibration.bias)).toBe(true);
  });
});
