import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  asCents,
  type Cents,
  compareMoney,
  formatMoney,
  InvalidMoney,
  maxMoney,
  minMoney,
  multiplyMoney,
  parseMoney,
  subtractMoney,
  sumMoney,
} from './money.ts';

const cents = (value: number) => asCents(value);
const reasonOf = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    if (error instanceof InvalidMoney) return error.reason;
    throw error;
  }
  return undefined;
};

describe('parseMoney', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    ['0', 0],
    ['007.10', 710],
    [12.5, 1250],
    [0.1, 10],
    [100, 10000],
    [19.99, 1999],
  ])('reads %j as %i cents', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it.each([
    ['12.345', 'PRECISION'],
    [12.345, 'PRECISION'],
    [0.1 + 0.2, 'PRECISION'],
    [1e-7, 'PRECISION'],
    ['', 'FORMAT'],
    [' 12', 'FORMAT'],
    ['12.', 'FORMAT'],
    ['.5', 'FORMAT'],
    ['1e3', 'FORMAT'],
    ['+5', 'FORMAT'],
    ['12,50', 'FORMAT'],
    ['abc', 'FORMAT'],
    [Number.NaN, 'FORMAT'],
    [Number.POSITIVE_INFINITY, 'FORMAT'],
    ['-1.00', 'NEGATIVE'],
    [-0.01, 'NEGATIVE'],
    ['100000000000000000000', 'RANGE'],
    [1e21, 'RANGE'],
  ] as const)('refuses %j (%s)', (input, reason) => {
    expect(reasonOf(() => parseMoney(input))).toBe(reason);
  });

  it('accepts negatives only when asked', () => {
    expect(parseMoney('-1.25', { allowNegative: true })).toBe(-125);
    expect(parseMoney('-0', {})).toBe(0);
  });

  it('round-trips every amount through its formatted string', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(parseMoney(formatMoney(cents(value)), { allowNegative: true })).toBe(value);
      }),
    );
  });

  it('reads every two-decimal JSON number exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (value) => {
        // The JSON number a client sends for value/100 euros.
        const sent: number = JSON.parse(formatMoney(cents(value)));
        expect(parseMoney(sent)).toBe(value);
      }),
    );
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [1250, '12.50'],
    [-5, '-0.05'],
    [-123456, '-1234.56'],
  ])('prints %i cents as %s', (value, expected) => {
    expect(formatMoney(cents(value))).toBe(expected);
  });
});

describe('arithmetic', () => {
  it('adds, subtracts, sums and compares exactly', () => {
    expect(addMoney(cents(10), cents(20))).toBe(30);
    expect(subtractMoney(cents(10), cents(25))).toBe(-15);
    expect(sumMoney([cents(1), cents(2), cents(3)])).toBe(6);
    expect(sumMoney([])).toBe(0);
    expect(compareMoney(cents(1), cents(2))).toBe(-1);
    expect(compareMoney(cents(2), cents(2))).toBe(0);
    expect(compareMoney(cents(3), cents(2))).toBe(1);
    expect(minMoney(cents(3), cents(2))).toBe(2);
    expect(maxMoney(cents(3), cents(2))).toBe(3);
  });

  it('refuses results beyond safe integers', () => {
    expect(reasonOf(() => addMoney(cents(Number.MAX_SAFE_INTEGER), cents(1)))).toBe('RANGE');
    expect(reasonOf(() => asCents(1.5))).toBe('RANGE');
  });

  it('prints negative zero as zero', () => {
    expect(formatMoney(asCents(-0))).toBe('0.00');
  });
});

describe('multiplyMoney', () => {
  it.each([
    // amount, numerator, denominator, expected
    [350, 1001, 1000, 350], // 350.35 -> 350
    [350, 1003, 1000, 351], // 351.05 -> 351
    [1, 1, 2, 1], // 0.5 -> 1, half-up
    [3, 1, 2, 2], // 1.5 -> 2
    [5, 1, 2, 3], // 2.5 -> 3 (not banker's 2)
    [1, 49, 100, 0], // 0.49 -> 0
    [-5, 1, 2, -3], // ties away from zero
    [100, 125, 100, 125],
    [1, 125, 100, 1], // 1.25 -> 1
    [2, 125, 100, 3], // 2.5 -> 3
  ])('%i × %i / %i = %i', (amount, numerator, denominator, expected) => {
    expect(multiplyMoney(cents(amount), numerator, denominator)).toBe(expected);
  });

  it('rounds the exact product half-up, once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (amount, numerator, denominator) => {
          const result = BigInt(multiplyMoney(cents(amount), numerator, denominator));
          const exact = BigInt(amount) * BigInt(numerator); // result ≈ exact / denominator
          const den = BigInt(denominator);
          // |result − exact/den| ≤ 1/2, and a tie goes up: 2·exact ∈ [den·(2r − 1), den·(2r + 1)).
          expect(2n * exact >= den * (2n * result - 1n)).toBe(true);
          expect(2n * exact < den * (2n * result + 1n)).toBe(true);
        },
      ),
    );
  });

  it('refuses a zero or negative denominator', () => {
    expect(() => multiplyMoney(cents(1), 1, 0)).toThrow(RangeError);
  });
});

describe('Cents', () => {
  it('is a brand that plain numbers do not satisfy', () => {
    // @ts-expect-error tsc refuses a plain number where cents are meant
    const amount: Cents = 5;
    expect(asCents(amount)).toBe(5);
  });
});
