/**
 * A CSV cell: null and undefined are empty cells; numbers and booleans are written as JavaScript
 * prints them; an object of names and values (a variant's attributes) as its JSON text.
 */
export type CsvValue = string | number | boolean | Readonly<Record<string, string>> | null | undefined;

// RFC 4180: a field holding a comma, a double quote or a line break is quoted. Leading or trailing
// spaces are quoted too, so spreadsheet imports that trim unquoted fields keep them.
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"), so a
// shop that names a product `=HYPERLINK(...)` could run code on the machine that opens the export.
const FORMULA_START = /^[=+\-@\t\r]/;
// Signed numbers start with + or - too, and are data, not formulas.
const SIGNED_NUMBER = /^[+-]\d+(?:\.\d+)?$/;

/**
 * A text cell a spreadsheet will not run: one that could start a formula gets the usual `'` in front
 * (the JSON Lines export keeps the raw value).
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}

/** One field, safe to open in a spreadsheet, quoted when it must be, inner quotes doubled. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string'
      ? neutraliseFormula(value)
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its CRLF line break, the RFC's line ending. */
export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;
