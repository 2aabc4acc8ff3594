import { cleanText } from '../page/clean-text.ts';
import type { Page } from '../page/read-page.ts';
import { textOf } from '../page/text-of.ts';

/** What a listing page says about the series of pages it belongs to. */
export interface Pagination {
  /**
   * The series' URL template, its page number written `{n}` (`https://s.test/mehl?seite={n}`); null
   * for a page that links to no other page of a series.
   */
  series: string | null;
  /** The page's own number in the series: the number its URL carries, else 1 (a series' first page). */
  page: number;
  /** The highest page number the page names: its links, "Seite 1 von 5", or its own. */
  lastPage: number;
  /** How many products the whole series holds, where the page says ("showing 1–24 of 25"); else null. */
  total: number | null;
}

const MAX_PAGE = 10_000;
/** "Next" in the shops' languages, or the arrows that stand for it. */
const NEXT_WORDS =
  /^(?:next|next page|weiter|nächste(?: seite)?|vor|další|ďalšia|suivant(?:e)?|następna|dalej|siguiente|successiva|volgende|nästa|neste|næste|seuraava|sonraki|следующая|›|»|>|→)$/i;
/** A count as shops write it, thousands grouped or not ("1.250", "1 250", "1250"); bounded, so linear. */
const COUNT = '\\d{1,7}(?:[.,\u00a0\u202f ]\\d{3}){0,3}(?!\\d)';
const OF = '(?:of|von|aus|z|ze|zo|sur|de|di|van|av|af|из|od)';
/** "1–24 of 25", "1 - 24 von 25 Artikeln", "1–24 z 25", "1-24 sur 25", "1–24 из 25". */
const SHOWING = new RegExp(
  `(?<![\\p{L}\\p{N}.,])(${COUNT})\\s{0,3}[-–—]\\s{0,3}(${COUNT})\\s{1,3}${OF}\\s{1,3}(${COUNT})`,
  'iu',
);
/** "Page 1 of 5", "Seite 1 von 5", "Strana 1 z 5", "Page 1 / 5". */
const PAGE_OF = new RegExp(
  `(?<!\\p{L})(?:page|seite|strana|stránka|strona|pagina|página|sida|side|sivu|sayfa|страница)\\s{1,3}(\\d{1,4})\\s{0,3}(?:${OF}|/)\\s{0,3}(\\d{1,4})(?!\\d)`,
  'iu',
);

const NOT_SHOWN = new Set(['script', 'style', 'noscript', 'template']);
const PLACEHOLDER = 'PAGE-NUMBER-PLACEHOLDER';
const integer = (text: string): number => Number(text.replace(/[^\d]/g, ''));

/**
 * A listing page's pagination, read the way shops write it whatever the parameter's name: links
 * whose text is a page number (or "next", or `rel="next"`) and whose URL carries that number in a
 * query parameter (`?page=2`, `?p=2`, `?seite=2`) or a path segment (`/page/2/`, `/strana-2/`); the
 * series is that URL with the number as `{n}`. Totals come from "showing 1–24 of 25" texts and
 * page counts from "page 1 of 5".
 */
export function readPagination(page: Page): Pagination {
  const own = URL.parse(page.url);
  const numbered = new Map<string, number[]>();
  const add = (template: string, n: number) => {
    const found = numbered.get(template);
    if (found) found.push(n);
    else numbered.set(template, [n]);
  };
  const nextLinks: string[] = [];
  page.$('a[href], link[rel~="next" i]').each((_, element) => {
    const href = element.attribs.href;
    const url = href ? URL.parse(href, page.url) : null;
    if (!url || !own || url.origin !== own.origin) return;
    url.hash = '';
    const rel = (element.attribs.rel ?? '').toLowerCase().split(/\s+/);
    const text = element.name === 'a' ? cleanText(textOf(element)) : '';
    const label = (element.attribs['aria-label'] ?? element.attribs.title ?? '').trim();
    if (/^\d{1,4}$/.test(text)) {
      const template = templateOf(url, Number(text));
      if (template) add(template, Number(text));
    } else if (rel.includes('next') || NEXT_WORDS.test(text) || NEXT_WORDS.test(label)) {
      nextLinks.push(url.href);
    }
  });
  // The series whose numbers the page shows most: two at least, or one of a series the page's own
  // URL is a page of (a single number may be anything); a "next" link names one too.
  let series: string | null = null;
  let numbers: number[] = [];
  for (const [template, found] of numbered) {
    const plausible = found.length >= 2 || (own !== null && pageNumberIn(own, template) !== null);
    if (plausible && found.length > numbers.length) [series, numbers] = [template, found];
  }
  for (const next of nextLinks) {
    const step = own && nextStep(own, new URL(next), series);
    if (!step) continue;
    series ??= step.series;
    if (step.series === series) numbers.push(step.page);
  }
  const current = (series && own ? pageNumberIn(own, series) : null) ?? 1;
  const text = cleanText(textOf(page.$('body').toArray(), ' ', (element) => NOT_SHOWN.has(element.name)));
  const pageOf = PAGE_OF.exec(text);
  if (pageOf) numbers.push(integer(pageOf[2] as string));
  return {
    series,
    page: current,
    lastPage: numbers.reduce((last, n) => (n <= MAX_PAGE && n > last ? n : last), current),
    total: statedTotal(text),
  };
}

/** The total of a "1–24 of 25" text whose numbers make sense together; null without one. */
function statedTotal(text: string): number | null {
  const showing = SHOWING.exec(text);
  if (!showing) return null;
  const [from, to, total] = [showing[1], showing[2], showing[3]].map((part) => integer(part as string));
  return from !== undefined &&
    to !== undefined &&
    total !== undefined &&
    from >= 1 &&
    from <= to &&
    to <= total
    ? total
    : null;
}

/**
 * The URL with page number `n` replaced by `{n}`: a query value equal to `n`, else a path segment
 * holding `n` as its only number (`page/2`, `strana-2`, `p2`); null when the URL carries no `n`.
 */
function templateOf(url: URL, n: number): string | null {
  if (n < 1 || n > MAX_PAGE) return null;
  for (const [key, value] of url.searchParams) {
    if (value !== String(n)) continue;
    const copy = new URL(url.href);
    copy.searchParams.set(key, PLACEHOLDER);
    return copy.href.replace(PLACEHOLDER, '{n}');
  }
  const segments = url.pathname.split('/');
  for (let index = segments.length - 1; index >= 0; index--) {
    const numbersInSegment = (segments[index] as string).match(/\d+/g) ?? [];
    if (numbersInSegment.length !== 1 || numbersInSegment[0] !== String(n)) continue;
    const copy = [...segments];
    copy[index] = (segments[index] as string).replace(/\d+/, '{n}');
    return `${url.origin}${copy.join('/')}${url.search}`;
  }
  return null;
}

/**
 * The series and number of a "next" link: a number in its URL that the page's own URL has one
 * lower at the same place, or lacks (the first page, `/mehl` before `/mehl?seite=2`).
 */
function nextStep(own: URL, next: URL, known: string | null): { series: string; page: number } | null {
  for (const n of [...next.href.matchAll(/\d+/g)].map((match) => Number(match[0]))) {
    const template = templateOf(next, n);
    if (!template || (known !== null && template !== known)) continue;
    const ownNumber = pageNumberIn(own, template);
    if (ownNumber === n - 1 || (ownNumber === null && n === 2)) return { series: template, page: n };
  }
  return null;
}

/** The page number a URL has in a series, or null when it is not one of its pages. */
export function pageNumberIn(url: URL, series: string): number | null {
  for (const n of [...url.href.matchAll(/\d+/g)].map((match) => Number(match[0]))) {
    if (templateOf(url, n) === series) return n;
  }
  return null;
}
