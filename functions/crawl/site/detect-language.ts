import type { Element } from 'domhandler';
import { elementsByTag } from '../page/page-elements.ts';
import type { Page } from '../page/read-page.ts';
import { textOf } from '../page/text-of.ts';

/** Elements whose contents are no text of the page (code, styles, fallbacks for scriptless browsers). */
const isScriptLike = (element: Element): boolean =>
  element.name === 'script' || element.name === 'style' || element.name === 'noscript';

const STOPWORDS: Record<string, string[]> = {
  cs: [
    'a',
    'je',
    'se',
    'na',
    'v',
    've',
    'pro',
    'do',
    'že',
    'jsou',
    'který',
    'která',
    'také',
    'nebo',
    'jak',
    'jsme',
    'vám',
    'od',
    'po',
    'při',
  ],
  sk: [
    'a',
    'je',
    'sa',
    'na',
    'v',
    'vo',
    'pre',
    'do',
    'že',
    'sú',
    'ktorý',
    'ktorá',
    'aj',
    'alebo',
    'ako',
    'sme',
    'vám',
    'od',
    'po',
    'pri',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'nicht',
    'sie',
    'mit',
    'für',
    'auf',
    'den',
    'ein',
    'eine',
    'wir',
    'auch',
    'von',
    'zu',
    'im',
    'bei',
    'sich',
  ],
  en: [
    'the',
    'and',
    'is',
    'to',
    'of',
    'in',
    'for',
    'with',
    'you',
    'it',
    'on',
    'we',
    'are',
    'this',
    'that',
    'be',
    'by',
    'or',
    'our',
    'your',
  ],
  fr: [
    'le',
    'la',
    'les',
    'et',
    'est',
    'des',
    'un',
    'une',
    'pour',
    'dans',
    'nous',
    'vous',
    'sur',
    'pas',
    'du',
    'au',
    'qui',
    'avec',
    'par',
    'ce',
  ],
  pl: [
    'i',
    'w',
    'na',
    'z',
    'jest',
    'się',
    'do',
    'nie',
    'to',
    'że',
    'przez',
    'dla',
    'lub',
    'oraz',
    'jak',
    'od',
    'po',
    'który',
    'także',
    'ci',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'y',
    'es',
    'de',
    'en',
    'para',
    'con',
    'por',
    'una',
    'un',
    'que',
    'del',
    'se',
    'su',
    'al',
    'lo',
    'como',
  ],
  it: [
    'il',
    'la',
    'di',
    'e',
    'è',
    'per',
    'con',
    'che',
    'un',
    'una',
    'del',
    'della',
    'non',
    'sono',
    'anche',
    'nel',
    'alla',
    'gli',
    'le',
    'si',
  ],
  nl: [
    'de',
    'het',
    'een',
    'en',
    'van',
    'is',
    'voor',
    'met',
    'op',
    'niet',
    'we',
    'u',
    'zijn',
    'ook',
    'dat',
    'die',
    'te',
    'bij',
    'naar',
    'uw',
  ],
};
const LETTERS: Record<string, RegExp> = {
  cs: /[řůě]/g,
  sk: /[ôäľĺŕ]/g,
  pl: /[łąęśćżźń]/g,
  de: /[ßü]/g,
  fr: /[èêàçœù]/g,
};
const words = new Map<string, Set<string>>(
  Object.entries(STOPWORDS).map(([language, list]) => [language, new Set(list)]),
);

/**
 * Scores of each language for the visible text of a page: stop words plus letters only one of the
 * candidate languages uses (ř for Czech, ô for Slovak).
 */
function languageScores(page: Page): Map<string, number> {
  const { $ } = page;
  // Read with an explicit stack over the elements already indexed: cheerio's clone, find and text
  // recurse (a page nesting 2,000 elements overflowed the stack) and walked a flat page of 180,000
  // elements for a minute.
  const text = `${textOf(elementsByTag($, 'title'))} ${textOf(elementsByTag($, 'body'), '', isScriptLike)}`
    .slice(0, 20_000)
    .toLowerCase();
  const scores = new Map<string, number>();
  for (const token of text.split(/[^\p{L}]+/u)) {
    if (!token) continue;
    for (const [language, list] of words)
      if (list.has(token)) scores.set(language, (scores.get(language) ?? 0) + 1);
  }
  for (const [language, pattern] of Object.entries(LETTERS)) {
    const count = text.match(pattern)?.length ?? 0;
    scores.set(language, (scores.get(language) ?? 0) + count * 2);
  }
  return scores;
}

/**
 * The language of a set of pages (ISO 639-1). The text decides when it clearly points one way; the
 * declared `<html lang>` otherwise, since templates often carry a language other than the content's.
 */
export function detectLanguage(pages: readonly Page[]): string | null {
  const total = new Map<string, number>();
  const declared = new Map<string, number>();
  for (const page of pages) {
    for (const [language, score] of languageScores(page))
      total.set(language, (total.get(language) ?? 0) + score);
    if (page.declaredLanguage)
      declared.set(page.declaredLanguage, (declared.get(page.declaredLanguage) ?? 0) + 1);
  }
  const best = [...total].sort((a, b) => b[1] - a[1])[0];
  const declaredLanguage = [...declared].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  if (!best) return declaredLanguage;
  if (!declaredLanguage) return best[0];
  const declaredScore = total.get(declaredLanguage) ?? 0;
  return best[1] >= 10 && best[1] >= 2 * declaredScore ? best[0] : declaredLanguage;
}
