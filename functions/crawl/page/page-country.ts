import { elementsByTag } from './page-elements.ts';
import type { Page } from './read-page.ts';
import { isUnseen, textOf } from './text-of.ts';

/** Country-code domains that are not a country's shop domain. */
const GENERIC_CC = new Set(['io', 'co', 'me', 'tv', 'ai', 'fm', 'ly', 'to', 'gg', 'sh', 'ws', 'cc', 'eu']);

/**
 * The country the page says it is for, from its own signals: the region of `og:locale` or
 * `<html lang>` ("en-GB", "es_CL"), else a locale in the address ("ar-sa.", "/en-gb/"), else the host's country domain ("shop.cz", "x.co.uk"). Null when
 * the page names none. Decides what a bare "$" or "kr" on this page means.
 */
export function pageCountry(page: Page): string | null {
  const declared = [
    page.meta.get('og:locale'),
    elementsByTag(page.$, 'html')[0]?.attribs.lang,
    page.meta.get('content-language'),
  ];
  for (const value of declared) {
    const region = value ? /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(value.trim())?.[1] : undefined;
    if (region) return region.toUpperCase();
  }
  const url = new URL(page.url);
  // "ar-sa.shop.com", "shop.com/en-gb/...": a locale in the address names the storefront's country.
  const locale = [url.hostname.split('.')[0], url.pathname.split('/')[1]]
    .map((part) => /^[a-z]{2}[-_]([a-z]{2})$/i.exec(part ?? '')?.[1])
    .find((region) => region !== undefined);
  if (locale) return locale.toUpperCase();
  const tld = url.hostname.split('.').at(-1)?.toLowerCase() ?? '';
  if (tld.length !== 2 || GENERIC_CC.has(tld)) return null;
  return tld === 'uk' ? 'GB' : tld.toUpperCase();
}

/**
 * Countries whose money is written "$", by the names and capitals their Spanish-language pages
 * give them (a venue "- Santiago", "envíos a todo Chile"): a page in Spanish with no region is
 * Latin American as often as it is Spain's, and its "$3.340" is pesos.
 */
const DOLLAR_SIGN_COUNTRIES: Record<string, string> = {
  chile: 'CL',
  santiago: 'CL',
  méxico: 'MX',
  'ciudad de méxico': 'MX',
  cdmx: 'MX',
  argentina: 'AR',
  'buenos aires': 'AR',
  colombia: 'CO',
  bogotá: 'CO',
};
const COUNTRY_NAME =
  /(?<![\p{L}])(chile|santiago|ciudad de m[ée]xico|cdmx|m[ée]xico|argentina|buenos aires|colombia|bogotá)(?![\p{L}])/giu;

/**
 * The country a page in Spanish that declares no region names most in its visible text ("Evento
 * exclusivo para Chile"): the shop's market, where neither its locale nor its domain says it.
 * Null for other languages, or where no such country is named.
 */
export function countryNamedByPage(page: Page): string | null {
  if (page.declaredLanguage !== 'es') return null;
  const body = page.$('body').toArray();
  const counts = new Map<string, number>();
  for (const match of textOf(body, ' ', isUnseen).matchAll(COUNTRY_NAME)) {
    const country = DOLLAR_SIGN_COUNTRIES[
      (match[1] as string).toLowerCase().replace('mexico', 'méxico')
    ] as string;
    counts.set(country, (counts.get(country) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
