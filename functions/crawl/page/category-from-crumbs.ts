import { cleanText } from './clean-text.ts';

export interface Crumb {
  name: string;
  url: string | null;
}

const HOME_WORDS = new Set([
  'home',
  'homepage',
  'start',
  'startseite',
  'domů',
  'úvod',
  'domov',
  'accueil',
  'strona główna',
  'główna',
  'inicio',
  'home page',
  'hlavní stránka',
  'titulní strana',
  'e-shop',
  'shop',
]);

/**
 * The category path of a product from its breadcrumbs: the home crumb and the product's own crumb
 * left out, the rest joined with " > ".
 */
export function categoryFromCrumbs(
  crumbs: readonly Crumb[],
  page: { url: string; name: string | null },
): string | null {
  const items = crumbs
    .map((crumb) => ({ ...crumb, name: cleanText(crumb.name) }))
    .filter((crumb) => crumb.name);
  const first = items[0];
  if (first && (HOME_WORDS.has(first.name.toLowerCase()) || isHome(first.url, page.url))) items.shift();
  const last = items.at(-1);
  if (
    last &&
    (last.url === null ||
      sameUrl(last.url, page.url) ||
      (page.name !== null && last.name === cleanText(page.name)))
  ) {
    items.pop();
  }
  return items.length ? items.map((item) => item.name).join(' > ') : null;
}

function isHome(url: string | null, pageUrl: string): boolean {
  const crumb = url ? URL.parse(url, pageUrl) : null;
  const page = URL.parse(pageUrl);
  if (!crumb || !page) return false;
  // A shop served under a path prefix ("/www/", "/shop/") has its home there.
  return (
    crumb.pathname === '/' || (/^\/[^/]+\/$/.test(crumb.pathname) && page.pathname.startsWith(crumb.pathname))
  );
}

function sameUrl(a: string, b: string): boolean {
  const left = URL.parse(a, b);
  const right = URL.parse(b);
  return !!left && !!right && left.origin === right.origin && left.pathname === right.pathname;
}
