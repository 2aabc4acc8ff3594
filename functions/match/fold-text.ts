/**
 * A combining mark (an accent once NFKD has split it off). Compiled once: tsx, which the bench runs
 * under, writes a literal with a Unicode property as a RegExp constructed wherever it stands.
 */
const combiningMark = /\p{M}/gu;

/** A character beyond ASCII: without one, there are no accents, marks or typographic look-alikes to fold. */
const beyondAscii = /[\u0080-\uffff]/;

/**
 * Lower-cased text without accents, trademark signs (®, ™, ©) and typographic look-alikes
 * (curly quotes, inch and prime marks, dashes), so that shops writing one title differently agree.
 * Greek final sigma is written as sigma, as a word may end in either once a shop abbreviates it.
 */
export function foldText(text: string): string {
  // Most titles are plain ASCII, where only the backtick, inch marks and the case change: the chain
  // below, read for every product of a run, would return the same.
  if (!beyondAscii.test(text))
    return inchMarks(text.includes('`') ? text.replace(/`/g, "'") : text).toLowerCase();
  // Marks first: NFKD would split a double prime into two single ones and spell out "™".
  const folded = text
    .replace(/[\u00ae\u2122\u00a9]/g, ' ')
    .replace(/[\u2018\u2019\u2032`´]/g, "'")
    .replace(/[\u201c\u201d\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u00d7/g, 'x')
    .normalize('NFKD')
    .replace(combiningMark, '')
    .toLowerCase()
    .replace(/ς/g, 'σ');
  return inchMarks(folded);
}

/** Inches written as two apostrophes (27.5'') or as a quote escaped by a feed (8\"): one mark. */
function inchMarks(text: string): string {
  // Run for every product's name: the pattern only where one of the two marks is.
  return text.includes("''") || text.includes('\\"') ? text.replace(/''|\\"/g, '"') : text;
}
