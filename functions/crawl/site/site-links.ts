import type { Page } from '../page/read-page.ts';
import { isSameSite } from './same-site.ts';

/** Links to files no product page is: images, styles, scripts, documents, archives, media, fonts. */
export const ASSET = /\.(jpe?g|png|gif|webp|svg|ico|css|js|pdf|zip|gz|xml|txt|mp4|mp3|woff2?)$/i;
const TRACKING = /^(utm_\w+|gclid|fbclid|mc_cid|mc_eid|_ga|ref|sid|sessionid)$/i;

/**
 * Links of a page that stay on the website (its host or `www.` twin) and lead to pages: fragments and tracking parameters
 * removed, assets, mail and script links left out.
 */
export function siteLinks(page: Page, origin: string): string[] {
  const links = new Set<string>();
  page.$('a[href]').each((_, element) => {
    const href = element.attribs.href?.trim();
    if (!href || /^(mailto|tel|javascript):/i.test(href)) return;
    const url = URL.parse(href, page.url);
    if (!url || !isSameSite(url, origin) || ASSET.test(url.pathname)) return;
    url.hash = '';
    for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
    links.add(url.href);
  });
  return [...links];
}
