import { type CsvValue, csvLine } from './csv-lines.ts';
import { PRODUCT_COLUMNS } from './export-datasets.ts';
import type { ExportRecord } from './export-record.ts';

/**
 * The project's products file is its websites' products files one after the other (in the project's
 * order of websites), under one CSV header: a scrape rebuilds only its website's file, and the
 * project's file is composed from the files as they are when it is asked for, never from the
 * catalogs again. Until then its record says what it will hold.
 */

/** The CSV header's size, which each website's file has and the composed file has once. */
const HEADER_BYTES = Buffer.byteLength(csvLine(PRODUCT_COLUMNS));

export interface ProjectFileKeys {
  csv: string;
  jsonl: string;
}

/**
 * The record of the project's file to be composed from `parts` (the websites' current files, in the
 * project's order): its rows and sizes are theirs added up, less the headers the parts repeat, and
 * it is `pending` until the file is composed. A JSON Lines twin is named only when every part has one.
 */
export function pendingProjectRecord(
  projectId: string,
  parts: readonly ExportRecord[],
  keys: ProjectFileKeys,
  updatedAt: string,
): ExportRecord {
  const [first] = parts;
  if (!first) throw new Error(`The products file of ${projectId} has no website files to compose`);
  const jsonlParts = parts.flatMap((part) => (part.jsonl ? [part.jsonl] : []));
  return {
    project_id: projectId,
    dataset: 'products',
    website_id: null,
    job_id: null,
    format: 'csv',
    rows: parts.reduce((sum, part) => sum + part.rows, 0),
    bytes: parts.reduce((sum, part) => sum + part.bytes - HEADER_BYTES, HEADER_BYTES),
    updated_at: updatedAt,
    object_key: keys.csv,
    ...(jsonlParts.length === parts.length
      ? { jsonl: { object_key: keys.jsonl, bytes: jsonlParts.reduce((sum, part) => sum + part.bytes, 0) } }
      : {}),
    currency: first.currency,
    rates_date: parts.map((part) => part.rates_date).sort()[0] ?? first.rates_date,
    sources: Object.assign({}, ...parts.map((part) => part.sources)),
    pending: true,
  };
}

/** A row of a website's products file, from its JSON Lines twin (raw values by column). */
export function productRowOfLine(line: string): CsvValue[] {
  const record = JSON.parse(line) as Record<string, CsvValue>;
  return PRODUCT_COLUMNS.map((column) => record[column] ?? null);
}
