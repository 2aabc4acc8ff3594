import type { CsvValue } from './csv-lines.ts';

/**
 * The machine format of an export: one JSON object a line, keyed by the CSV's column names, holding
 * the raw values (no formula neutralisation, which is for spreadsheets; empty cells are null).
 */
export function* jsonLines<Row>(
  columns: readonly string[],
  rows: Iterable<Row>,
  toValues: (row: Row) => readonly CsvValue[],
): Generator<string> {
  for (const row of rows) {
    const values = toValues(row);
    if (values.length !== columns.length)
      throw new Error(`A JSON Lines row has ${values.length} values for ${columns.length} columns`);
    yield jsonLine(columns, values);
  }
}

/** One record: the row's values keyed by the column names, with its line break. */
export function jsonLine(columns: readonly string[], values: readonly CsvValue[]): string {
  const record = Object.fromEntries(columns.map((column, index) => [column, values[index] ?? null]));
  return `${JSON.stringify(record)}\n`;
}
