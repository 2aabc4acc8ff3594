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

/** Scripts written without spaces between words. */
const unspaced = /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}]+/u;
const unspacedRuns =
  /([\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}]+)/u;

/** A version or number, "v2.0", "7.0": only a word starting with "v" or a digit can be one. */
const versionNumber = /^v?(\d+(?:\.\d+)?)(?:\.\d+)*$/;
/** A plural's "s", not the end of "glass", "bus" or "this". */
const plural = /^[a-z]{4,}s$/;
const notPlural = /(?:ss|us|is)$/;

/**
 * Word tokens of a folded, number-joined text, in any script. Numbers are written one way ("7.0"
 * -> "7", "v2.0" -> "2"), so versions compare equal however a shop spells them, a plural "s" is
 * dropped so "discs" meets "disc", and an apostrophe inside a word too ("cook'n" meets "cookn").
 * Japanese and Chinese put no spaces between words: their runs become overlapping pairs of
 * characters ("電気ケトル" -> "電気", "気ケ", "ケト", "トル"), so two ways of writing a name still
 * share most of its tokens.
 */
export function tokeniseWords(text: string): string[] {
  const tokens: string[] = [];
  // Every product's title is tokenised: the word patterns are tried only on words they could match.
  const anyUnspaced = unspaced.test(text);
  // Each pattern is run only on a text holding its character: most titles have no apostrophe.
  const joined = text.includes("'") ? text.replace(/(?<=[a-z])'(?=[a-z])/g, '') : text;
  const spaced = joined.includes('.') ? joined.replace(/(?<!\d)\.|\.(?!\d)/g, ' ') : joined;
  for (const raw of spaced.split(/[^\p{L}\p{N}.]+/u)) {
    if (!raw || stopWords.has(raw)) continue;
    if (anyUnspaced && unspaced.test(raw)) {
      for (const part of raw.split(unspacedRuns)) {
        if (!part) continue;
        if (!unspaced.test(part)) tokens.push(...tokeniseWords(part));
        else if (part.length === 1) tokens.push(part);
        else for (let i = 0; i + 2 <= part.length; i++) tokens.push(part.slice(i, i + 2));
      }
      continue;
    }
    const first = raw[0] as string;
    const version = first === 'v' || (first >= '0' && first <= '9') ? versionNumber.exec(raw) : null;
    if (version) tokens.push(String(Number(version[1])));
    else if (raw.endsWith('s') && plural.test(raw) && !notPlural.test(raw)) tokens.push(raw.slice(0, -1));
    else tokens.push(raw.includes('.') ? raw.replace(/\./g, '') : raw);
  }
  return tokens;
}

/**
 * The first token of `tokeniseWords(text)`, read from the shortest start of the text that has one.
 * A space separates tokens whatever surrounds it, so the text up to a space tokenises as the start
 * of the whole; a product's first word is read from its name, and the whole name need not be.
 */
export function firstToken(text: string): string | undefined {
  for (let end = text.indexOf(' '); end !== -1; end = text.indexOf(' ', end + 1)) {
    const [first] = tokeniseWords(text.slice(0, end));
    if (first !== undefined) return first;
  }
  return tokeniseWords(text)[0];
}
