/**
 * Lower-cased text without accents and with typographic look-alikes replaced (curly quotes, inch
 * and prime marks, dashes), so that shops writing the same title differently compare equal.
 */
export function foldText(text: string): string {
  // Marks first: NFKD would split a double prime into two single ones.
  return text
    .replace(/[\u2018\u2019\u2032`´]/g, "'")
    .replace(/[\u201c\u201d\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u00d7/g, 'x')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}
