import { describe, expect, it } from 'vitest';
import { accountingError, accountingUnavailable, formatInvoiceNumber } from './accounting.ts';

describe('formatInvoiceNumber', () => {
  it.each([
    [2026, 1, '2026-000001'],
    [2026, 42, '2026-000042'],
    [2027, 999_999, '2027-999999'],
    [2027, 1_000_000, '2027-1000000'],
  ])('numbers invoice %i/%i as %s', (year, sequence, expected) => {
    expect(formatInvoiceNumber(year, sequence)).toBe(expected);
  });

  it('sorts as text in issue order within a year', () => {
    const numbers = [1, 9, 10, 99, 100, 12_345].map((sequence) => formatInvoiceNumber(2026, sequence));
    expect([...numbers].sort()).toEqual(numbers);
  });

  it.each([
    [999, 1],
    [10_000, 1],
    [2026, 0],
    [2026, -1],
    [2026, 1.5],
  ])('refuses year %d, sequence %d', (year, sequence) => {
    expect(() => formatInvoiceNumber(year, sequence)).toThrow(RangeError);
  });
});

describe('accounting errors', () => {
  it('map to 502 and 503 without internals', () => {
    const cause = new Error('socket hang up at 10.0.0.7');
    const failed = accountingError(undefined, cause);
    const unavailable = accountingUnavailable();

    expect([failed.status, failed.code, failed.cause]).toEqual([502, 'ACCOUNTING_ERROR', cause]);
    expect(failed.message).not.toContain('10.0.0.7');
    expect([unavailable.status, unavailable.code]).toEqual([503, 'INVOICING_UNAVAILABLE']);
  });
});
