import { pageElements } from './page-elements.ts';
import type { Page } from './read-page.ts';

/** A code a product URL may carry: a letter or digit first, no spaces. */
const CODE = /^[\p{L}\p{N}][\p{L}\p{N}\-_.]{3,39}$/u;
/** A quantity a slug names ("128gb", "500ml"), a size or a year: words of the name, not codes. */
const QUANTITY = /^\d+(?:[.,]\d+)?[\p{L}]{1,4}$/u;
/** The pieces of a path segment ("zestaw-wc,p571345,l1646"), and a file extension after the code. */
const PIECE_SEPARATOR = /[,;~]/;
const EXTENSION = /\.(?:s?html?|aspx?|php|jsp)$/i;
/** Words of a slug a code may end ("…-azzurro-scuro-vei22g013-k11"): the code is at most its last three. */
const SLUG_TAIL_WORDS = 3;
/** What bounds a code where a page writes it as a value: quotes, markup and spacing, never a letter, digit or dash. */
const BOUNDARY = /[\p{L}\p{N}\-_]/u;
/** Characters that end the word a value sits in: a value inside a link ("…/PDS?sku=X") is the URL's echo, not the page's. */
const WORD_END = /["'<>\s(),[\]{}]/;

/**
 * The shop's product code that the page's URL carries and the page repeats as a value of its own
 * (`"id":"VEI22G013-K11"` in its script data, `data-sku="…"`, a shown "1021493409"), in the page's
 * own spelling. A product URL often ends in the shop's code ("…-vei22g013-k11.html", "/deal/4548094738",
 * "?sku=1049084"); the page's repeating it, outside any link, tells that code from a slug's words and
 * a tracking parameter. The last candidate of the path first (codes end a slug), then the query's.
 */
export function codeInUrl(page: Page): string | null {
  const candidates = urlCodes(page.url);
  if (candidates.length === 0) return null;
  const values: string[] = [];
  for (const element of pageElements(page.$).all) {
    for (const [name, value] of Object.entries(element.attribs))
      if (name !== 'href' && name !== 'src' && value.length < 400) values.push(value);
    for (const child of element.children) if (child.type === 'text') values.push(child.data);
  }
  for (const candidate of candidates)
    for (const value of values) {
      const repeated = repeatedAsValue(value, candidate);
      if (repeated) return repeated;
    }
  return null;
}

/** The codes a URL may carry, most likely first: the path's segments from the last, then the query's values. */
export function urlCodes(url: string): string[] {
  const parsed = URL.parse(url);
  if (!parsed) return [];
  const codes: string[] = [];
  const segments = parsed.pathname.split('/').map(decoded).reverse();
  for (const segment of segments)
    for (const piece of segment.replace(EXTENSION, '').split(PIECE_SEPARATOR).reverse()) {
      const words = piece.split('-');
      // The longer tail first: "vei22g013-k11" before its last word "k11".
      for (let count = Math.min(SLUG_TAIL_WORDS, words.length); count >= 1; count--)
        codes.push(words.slice(-count).join('-'));
    }
  for (const value of parsed.searchParams.values()) codes.push(value);
  return [...new Set(codes)].filter(codeLike);
}

/**
 * A number of five digits or more, or letters with at least three digits ("VEI22G013-K11"), each
 * of its words holding a digit: a shorter number is a size, a year or a count as often as a code,
 * and a word without digits ("pro", "iid") is the name's or the path's.
 */
function codeLike(code: string): boolean {
  if (!CODE.test(code)) return false;
  if (code.split('-').some((word) => !/\d/.test(word) || QUANTITY.test(word))) return false;
  const digits = code.replace(/\D/g, '').length;
  return /^\d+$/.test(code) ? digits >= 5 : digits >= 3 && code.length >= 6;
}

/** The candidate as the value writes it, where it stands there whole and outside a link. */
function repeatedAsValue(value: string, candidate: string): string | null {
  const lower = value.toLowerCase();
  const wanted = candidate.toLowerCase();
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, at + 1)) {
    const end = at + wanted.length;
    if (BOUNDARY.test(value[at - 1] ?? '') || BOUNDARY.test(value[end] ?? '')) continue;
    if (insideLink(value, at, end)) continue;
    return value.slice(at, end);
  }
  return null;
}

function insideLink(value: string, start: number, end: number): boolean {
  let from = start;
  while (from > 0 && !WORD_END.test(value[from - 1] as string)) from--;
  let to = end;
  while (to < value.length && !WORD_END.test(value[to] as string)) to++;
  return /[/?&%]/.test(value.slice(from, start) + value.slice(end, to));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
