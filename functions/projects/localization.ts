import { COUNTRY_CODES } from '#core/country-codes';
import { BadRequest } from '#core/problem';

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export interface Localization {
  country: string;
  currency: string;
  locale: string;
}

/** ISO 3166-1 alpha-2, upper case as the standard writes it. */
export const isCountryCode = (code: string) => /^[A-Z]{2}$/.test(code) && COUNTRY_CODES.has(code);

/** ISO 4217, upper case. */
export const isCurrencyCode = (code: string) => /^[A-Z]{3}$/.test(code) && CURRENCIES.has(code);

/** The country's most likely language, from CLDR's likely subtags: CZ -> cs-CZ, CH -> de-CH. */
export function localeOf(country: string): string {
  const language = new Intl.Locale(`und-${country}`).maximize().language;
  return `${language}-${country}`;
}

/**
 * The Accept-Language a crawl sends for a locale: the locale, its language, then English, so a
 * shop that chooses its language or currency by the header answers in the project's market.
 */
export function acceptLanguageOf(locale: string): string {
  const language = locale.split('-')[0] ?? locale;
  const tags = [locale, `${language};q=0.9`, ...(language === 'en' ? [] : ['en;q=0.5'])];
  return [...new Set(tags)].join(', ');
}

/** The spec answers unknown codes with 400, not 422: they are well-formed strings the service rejects. */
export function localize(country: string, currency: string): Localization {
  if (!isCountryCode(country))
    throw BadRequest('INVALID_COUNTRY', `${country} is not an ISO 3166-1 alpha-2 country code.`);
  if (!isCurrencyCode(currency))
    throw BadRequest('INVALID_CURRENCY', `${currency} is not an ISO 4217 currency code.`);
  return { country, currency, locale: localeOf(country) };
}
