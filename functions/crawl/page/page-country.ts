import { elementsByTag } from './page-elements.ts';
import type { Page } from './read-page.ts';

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
