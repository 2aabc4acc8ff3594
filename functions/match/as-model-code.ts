/** The shortest code that identifies a product rather than a series or a number. */
const minCodeLength = 4;

/** The code written without separators, or null when the text does not look like one. */
export function asModelCode(text: string): string | null {
  const code = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (code.length < minCodeLength || !/\d/.test(code)) return null;
  return code;
}
