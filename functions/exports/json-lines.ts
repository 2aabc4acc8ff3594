import type { CsvValue } from './csv-lines.ts';

/**
 * One record of the machine format of an export: the row's values keyed by the CSV's column names,
 * raw (no formula neutralisation, which is for spreadsheets; empty cells are null), with its line
 * break.
 */
export function jsonLine(columns: readonly string[], values: readonly CsvValue[]): string {
  const record = Object.fromEntries(columns.map((column, index) => [column, values[index] ?? null]));
  return `${JSON.stringify(record)}\n`;
}
