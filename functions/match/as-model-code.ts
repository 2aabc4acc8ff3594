/** The shortest code that identifies a product rather than a series or a number. */
const minCodeLength = 4;

/**
 * What follows a "#" inside a code is a region or packaging option of one model ("BK357AA#ABA" is
 * the BK357AA sold in North America): shops list the model with or without it.
 */
const optionSuffix = /(?<=[a-z0-9])#.*$/;

/** A digit: every code has one. */
const digit = /\d/;

/** The code written without separators, or null when the text does not look like one. */
export function asModelCode(text: string): string | null {
  // A code needs a digit, which neither lower-casing nor removing characters adds: most words of a
  // title have none, and are answered before the text is rewritten.
  if (!digit.test(text)) return null;
  const lower = text.toLowerCase();
  const code = (lower.includes('#') ? lower.replace(optionSuffix, '') : lower).replace(/[^a-z0-9]/g, '');
  if (code.length < minCodeLength || !digit.test(code)) return null;
  return code;
}
