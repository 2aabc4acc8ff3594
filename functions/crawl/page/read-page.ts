import { type CheerioAPI, load } from 'cheerio/slim';
import { cleanText } from './clean-text.ts';
import { elementsByTag } from './page-elements.ts';
import { pageDeadline } from './page-limits.ts';
import { parseHtml } from './parse-html.ts';
import { type JsonNode, readJsonLd } from './read-json-ld.ts';
import { textOf } from './text-of.ts';

/** A fetched HTML page parsed once (htmlparser2) with what every reader needs from it. */
export interface Page {
  /** Final URL after redirects. */
  url: string;
  $: CheerioAPI;
  /** Absolute canonical URL, or the page URL when the page names none. */
  canonical: string;
  /** Text of the first h1. */
  heading: string | null;
  jsonLd: JsonNode[];
  /** `<meta property|name>` contents by lower-cased key (first occurrence wins). */
  meta: Map<string, string>;
  /** Primary subtag of `<html lang>` (or og:locale, Content-Language meta), lower-cased. */
  declaredLanguage: string | null;
}

/** Parses a page within PAGE_LIMITS: a page past them throws PageLimitExceeded. */
export function readPage(html: string, url: string): Page {
  const $ = load(parseHtml(html, pageDeadline()));
  const meta = new Map<string, string>();
  for (const element of elementsByTag($, 'meta')) {
    const key = (
      element.attribs.property ??
      element.attribs.name ??
      element.attribs['http-equiv']
    )?.toLowerCase();
    const content = element.attribs.content;
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content.trim());
  }
  // rel and type are matched without regard to case, as CSS does for HTML.
  const href = elementsByTag($, 'link').find((link) =>
    (link.attribs.rel ?? '')
      .toLowerCase()
      .split(/[ \t\n\f\r]+/)
      .includes('canonical'),
  )?.attribs.href;
  const canonical = (href && URL.parse(href.trim(), url)?.href) || url;
  const h1 = elementsByTag($, 'h1')[0];
  const heading = h1 ? cleanText(textOf(h1)) || null : null;
  const scripts = elementsByTag($, 'script')
    .filter((script) => script.attribs.type?.toLowerCase() === 'application/ld+json')
    .map((script) => textOf(script));
  const declared =
    elementsByTag($, 'html')[0]?.attribs.lang ??
    meta.get('og:locale') ??
    meta.get('content-language') ??
    meta.get('language') ??
    null;
  const declaredLanguage = declared
    ? (/^[a-z]{2,3}/i.exec(declared.trim())?.[0]?.toLowerCase() ?? null)
    : null;
  return { url, $, canonical, heading, jsonLd: readJsonLd(scripts), meta, declaredLanguage };
}
