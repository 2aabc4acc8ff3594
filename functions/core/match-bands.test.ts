import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_ACCEPT_CONFIDENCE, proposalBand, reviewImpact } from './match-bands.ts';

describe('proposalBand', () => {
  it('accepts from the project threshold on, the threshold itself included', () => {
    expect(proposalBand(0.95, 0.95)).toBe('auto');
    expect(proposalBand(0.9499, 0.95)).toBe('review');
    expect(proposalBand(DEFAULT_AUTO_ACCEPT_CONFIDENCE, DEFAULT_AUTO_ACCEPT_CONFIDENCE)).toBe('auto');
  });

  it('sends everything to review at 1 except certain pairs, and accepts everything at 0', () => {
    expect(proposalBand(0.999, 1)).toBe('review');
    expect(proposalBand(1, 1)).toBe('auto');
    expect(proposalBand(0, 0)).toBe('auto');
  });

  it('leaves a proposal of an older run without confidence to review', () => {
    expect(proposalBand(undefined, 0)).toBe('review');
  });
});

describe('reviewImpact', () => {
  it('is the chance that the proposal, or else its best alternative, is right', () => {
    expect(reviewImpact([0.5, 0.5])).toBeCloseTo(0.75);
    expect(reviewImpact([0.9])).toBeCloseTo(0.9);
    expect(reviewImpact([])).toBe(0);
  });

  it('counts only the best alternative: at most one partner is right', () => {
    expect(reviewImpact([0.5, 0.4, 0.4])).toBeCloseTo(0.7);
    expect(reviewImpact([0.5, 0.4])).toBeCloseTo(0.7);
  });

  it('ranks a likely alternative above a lone unlikely proposal', () => {
    expect(reviewImpact([0.3, 0.6])).toBeGreaterThan(reviewImpact([0.5]));
  });
});
