/** Words too common in titles of any shop to tell products apart, dropped before weighting. */
const stopWords = new Set([
  'a',
  'an',
  'and',
  'the',
  'for',
  'with',
  'of',
  'in',
  'on',
  'by',
  'to',
  'or',
  'w',
  'from',
]);

/**
 * Word tokens of a folded, number-joined text. Numbers are written one way ("7.0" -> "7", "v2.0" ->
 * "2"), so versions compare equal however a shop spells them, a plural "s" is dropped so
 * "discs" meets "disc", and an apostrophe inside a word too ("cook'n" meets "cookn").
 */
export function tokeniseWords(text: string): string[] {
  const tokens: string[] = [];
  for (const raw of text
    .replace(/(?<=[a-z])'(?=[a-z])/g, '')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .split(/[^a-z0-9.]+/)) {
    if (!raw || stopWords.has(raw)) continue;
    const version = /^v?(\d+(?:\.\d+)?)(?:\.\d+)*$/.exec(raw);
    if (version) tokens.push(String(Number(version[1])));
    else if (/^[a-z]{4,}s$/.test(raw) && !/(?:ss|us|is)$/.test(raw)) tokens.push(raw.slice(0, -1));
    else tokens.push(raw.replace(/\./g, ''));
  }
  return tokens;
}
