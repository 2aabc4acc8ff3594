import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONTH_PATTERN, pragueMonthBounds, pragueMonthOf } from './prague-month.ts';

const iso = (month: string) => {
  const { start, end } = pragueMonthBounds(month);
  return { start: start.toISOString(), end: end.toISOString() };
};

describe('pragueMonthBounds', () => {
  it.each([
    // winter time (UTC+1) at both ends
    ['2026-01', '2025-12-31T23:00:00.000Z', '2026-01-31T23:00:00.000Z'],
    // summer time starts on 29 March 2026: the month starts in UTC+1 and ends in UTC+2
    ['2026-03', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    // summer time all month
    ['2026-07', '2026-06-30T22:00:00.000Z', '2026-07-31T22:00:00.000Z'],
    // summer time ends on 25 October 2026
    ['2026-10', '2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z'],
    // the year rolls over
    ['2026-12', '2026-11-30T23:00:00.000Z', '2026-12-31T23:00:00.000Z'],
    // a leap February
    ['2028-02', '2028-01-31T23:00:00.000Z', '2028-02-29T23:00:00.000Z'],
  ])('%s runs from %s to %s', (month, start, end) => {
    expect(iso(month)).toEqual({ start, end });
  });

  it.each(['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', ''])('refuses %j', (month) => {
    expect(() => pragueMonthBounds(month)).toThrow(RangeError);
  });

  it('chains months without gaps or overlaps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2100 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const current = `${year}-${String(month).padStart(2, '0')}`;
        const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
        expect(pragueMonthBounds(current).end).toEqual(pragueMonthBounds(next).start);
      }),
    );
  });
});

describe('pragueMonthOf', () => {
  it.each([
    // 23:30 UTC on the last day of a month is already 00:30 or 01:30 of the next month in Prague
    ['2026-01-31T23:30:00Z', '2026-02'],
    ['2026-06-30T23:30:00Z', '2026-07'],
    ['2026-12-31T23:30:00Z', '2027-01'],
    ['2026-03-31T23:30:00Z', '2026-04'],
    ['2026-10-31T23:30:00Z', '2026-11'],
    // just before and at the boundary
    ['2026-01-31T22:59:59.999Z', '2026-01'],
    ['2026-01-31T23:00:00.000Z', '2026-02'],
    ['2026-07-31T21:59:59.999Z', '2026-07'],
    ['2026-07-31T22:00:00.000Z', '2026-08'],
    // the night summer time ends, on both sides of the repeated hour
    ['2026-10-25T00:30:00Z', '2026-10'],
    ['2026-10-25T01:30:00Z', '2026-10'],
  ])('%s is in %s', (instant, month) => {
    expect(pragueMonthOf(new Date(instant))).toBe(month);
  });

  it.each(['0000-01', '0999-12', '1969-12', '2026-00', '2026-13'])('refuses the month %s', (month) => {
    expect(MONTH_PATTERN.test(month)).toBe(false);
    expect(() => pragueMonthBounds(month)).toThrow(RangeError);
  });

  it('gives a month whose bounds hold the instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }), (millis) => {
        const month = pragueMonthOf(new Date(millis));
        expect(month).toMatch(MONTH_PATTERN);
        const { start, end } = pragueMonthBounds(month);
        expect(start.getTime()).toBeLessThanOrEqual(millis);
        expect(millis).toBeLessThan(end.getTime());
      }),
    );
  });
});
