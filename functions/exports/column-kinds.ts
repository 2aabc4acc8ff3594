import type { CsvValue } from './csv-lines.ts';

/**
 * What a column of an export holds, for the formats whose cells and columns are typed (xlsx,
 * Parquet): `text` (ids, URLs, timestamps and money, which stays an exact decimal string), `number`
 * (scores and percentages, binary floats by nature), `boolean`, or `json` (an object kept as its
 * JSON text).
 */
export type ColumnKind = 'text' | 'number' | 'boolean' | 'json';

const NAMED: Readonly<Record<string, ColumnKind>> = {
  score: 'number',
  confidence: 'number',
  price_change_percent: 'number',
  price_from: 'boolean',
  pack_differs: 'boolean',
  variant_differs: 'boolean',
  variant_attributes: 'json',
  field_sources: 'json',
};

// `price_comparison` names a competitor's columns after its website id (`web_x_score`).
const BY_SUFFIX: readonly [string, ColumnKind][] = [
  ['_score', 'number'],
  ['_pack_differs', 'boolean'],
  ['_variant_differs', 'boolean'],
];

/** The kind of a column of any dataset, by its name; every other column is text. */
export function columnKind(column: string): ColumnKind {
  return NAMED[column] ?? BY_SUFFIX.find(([suffix]) => column.endsWith(suffix))?.[1] ?? 'text';
}

/** A cell of a typed format: what the column's kind holds, or null for an empty cell. */
export type TypedCell = string | number | boolean | null;

/**
 * The cell's value as its column's kind holds it. Text columns take any value (a number as its
 * digits); a number or boolean column given another type is a bug in a dataset's rows, refused
 * rather than written as something else.
 */
export function typedCell(column: string, kind: ColumnKind, value: CsvValue): TypedCell {
  if (value === null || value === undefined) return null;
  if (kind === 'text') return typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (kind === 'json' && typeof value === 'object') return JSON.stringify(value);
  if (kind === 'number' && typeof value === 'number') return value;
  if (kind === 'boolean' && typeof value === 'boolean') return value;
  throw new Error(`The export column ${column} holds ${kind} values, not ${typeof value}`);
}
