import { describe, expect, it } from 'vitest';
import { acceptLanguageOf, localeOf } from './localization.ts';

describe('acceptLanguageOf', () => {
  it("asks for the market's locale, then its language, then English", () => {
    expect(acceptLanguageOf(localeOf('DE'))).toBe('de-DE, de;q=0.9, en;q=0.5');
    expect(acceptLanguageOf(localeOf('CZ'))).toBe('cs-CZ, cs;q=0.9, en;q=0.5');
  });

  it('names English once for an English-speaking market', () => {
    expect(acceptLanguageOf(localeOf('US'))).toBe('en-US, en;q=0.9');
  });
});
