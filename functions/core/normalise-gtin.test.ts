import { describe, expect, it } from 'vitest';
import { normaliseGtin } from './normalise-gtin.ts';

describe('normaliseGtin', () => {
  it.each([
    ['4006381333931', '4006381333931'],
    ['400 6381 33393 1', '4006381333931'],
    ['96385074', '96385074'],
    ['036000291452', '036000291452'],
    ['10012345678902', '10012345678902'],
    ['https://id.gs1.org/01/04006381333931', '04006381333931'],
  ])('accepts %s', (value, expected) => {
    expect(normaliseGtin(value)).toBe(expected);
  });

  it.each([['4006381333932'], ['0000000000000'], ['12345'], ['ABC4006381333931'], [''], [null]])(
    'rejects %s',
    (value) => {
      expect(normaliseGtin(value)).toBeNull();
    },
  );
});
