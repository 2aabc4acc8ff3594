import { describe, expect, it } from 'vitest';
import { parseMoney } from '#core/money';
import { Problem } from '#core/problem';
import { topupAmount, topupCurrency } from './topup-amount.ts';

const range = { topup_min: parseMoney('10.00'), topup_max: parseMoney('500.00') };

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof Problem ? { status: error.status, code: error.code } : error;
  }
  return undefined;
};

describe('topupAmount', () => {
  it.each([
    ['10', 1000],
    ['10.5', 1050],
    [500, 50_000],
    [12.34, 1234],
  ])('reads %j as %d cents', (input, cents) => {
    expect(topupAmount(input, range)).toBe(cents);
  });

  it.each([['9.99'], ['500.01'], ['0'], ['-10.00'], [-10], ['99999999999999999999'], [1e21]])(
    'refuses %j as out of range (400)',
    (input) => {
      expect(problemOf(() => topupAmount(input, range))).toEqual({
        status: 400,
        code: 'TOPUP_AMOUNT_OUT_OF_RANGE',
      });
    },
  );

  it.each([['12.345'], ['1,50'], [''], ['ten'], [0.1 + 0.2], [Number.NaN]])(
    'refuses %j as invalid input (422)',
    (input) => {
      expect(problemOf(() => topupAmount(input, range))).toEqual({ status: 422, code: 'VALIDATION_ERROR' });
    },
  );
});

describe('topupCurrency', () => {
  it('defaults to EUR and accepts it in any case', () => {
    expect(topupCurrency(undefined)).toBe('EUR');
    expect(topupCurrency('eur')).toBe('EUR');
  });

  it('refuses other currencies with 400', () => {
    expect(problemOf(() => topupCurrency('USD'))).toEqual({ status: 400, code: 'CURRENCY_NOT_SUPPORTED' });
  });
});
