import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { isCountryCode } from '#projects/localization';
import { COUNTRY_CODES } from './country-codes.ts';

describe('the generated country table', () => {
  it('holds exactly the alpha-2 codes of i18n-iso-countries (else run npm run country-codes)', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(countries.getAlpha2Codes()).sort());
  });

  it('accepts what the library accepts as alpha-2 and nothing else', () => {
    for (const code of ['CZ', 'DE', 'XK', 'GB'])
      expect(isCountryCode(code), code).toBe(countries.isValid(code));
    for (const code of ['UK', 'XX', 'cz', 'CZE', '203']) expect(isCountryCode(code), code).toBe(false);
  });
});
