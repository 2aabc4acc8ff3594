import { describe, expect, it } from 'vitest';
import { type Cents, parseMoney } from '#core/money';
import type { Estimate } from '#core/pricing';
import { committedByJob, decideBudget } from './schedule-budget.ts';

const estimate = (cap: string): Estimate => ({
  currency: 'EUR',
  unit_price_per_1000: '2.00',
  quantity: 500,
  total: '1.00',
  cap,
  min_charge: '1.00',
  difficulty: 'EASY',
  input_products: 500,
});
const cents = (amount: string): Cents => parseMoney(amount);

describe('committedByJob', () => {
  it('counts a running job at its cap, a settled one at its charge, an unsettled ended one at nothing', () => {
    expect(committedByJob({ status: 'RUNNING', estimate: estimate('1.25'), settlement: null })).toBe(125);
    expect(committedByJob({ status: 'APPROVED', estimate: estimate('1.25'), settlement: null })).toBe(125);
    expect(
      committedByJob({
        status: 'COMPLETED',
        estimate: estimate('1.25'),
        settlement: {
          quantity: 24,
          currency: 'EUR',
          amount: '1.00',
          capped: false,
          settled_at: '2026-11-24T08:00:00Z',
        },
      }),
    ).toBe(100);
    expect(committedByJob({ status: 'FAILED', estimate: estimate('1.25'), settlement: null })).toBe(0);
    expect(committedByJob({ status: 'CANCELLED', estimate: estimate('1.25'), settlement: null })).toBe(0);
  });
});

describe('decideBudget', () => {
  it('admits a run whose cap fits beside the month so far, to the cent', () => {
    expect(decideBudget(cents('2.25'), [cents('1.00')], cents('1.25'))).toEqual({
      allowed: true,
      committed: 100,
    });
    expect(decideBudget(cents('1.25'), [], cents('1.25'))).toEqual({ allowed: true, committed: 0 });
  });

  it('refuses one cent over, saying what was spent', () => {
    const decision = decideBudget(cents('2.24'), [cents('1.00')], cents('1.25'));
    expect(decision.allowed).toBe(false);
    expect(decision).toMatchObject({
      committed: 100,
      detail: expect.stringContaining('1.25 EUR and 1.00 EUR of this month'),
    });
  });

  it('sums many runs exactly (no binary floats): 10 × 0.10 + 0.10 fits in 1.10', () => {
    expect(decideBudget(cents('1.10'), Array(10).fill(cents('0.10')), cents('0.10')).allowed).toBe(true);
    expect(decideBudget(cents('1.09'), Array(10).fill(cents('0.10')), cents('0.10')).allowed).toBe(false);
  });
});
