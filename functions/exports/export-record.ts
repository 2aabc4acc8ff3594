import type { ExportDataset } from './export-datasets.ts';
import type { ExportFormat } from './export-formats.ts';

/** Where one format's file of a record is, and its size. */
export interface ExportFileRef {
  object_key: string;
  bytes: number;
}

/**
 * What the exports bucket holds for one dataset and website of a project (website null: all of its
 * websites), or for one URL scrape job, and what it was built from, so a request can tell whether
 * the file is still current. `object_key` and `bytes` are the file in `format`, the CSV whenever
 * one was written; the fields named after the other formats are its twins, written from the same
 * rows. Files written by the lanes have all four; a history file built on a link request has only
 * the formats asked for since its inputs last changed.
 */
export interface ExportRecord {
  project_id: string;
  dataset: ExportDataset;
  website_id: string | null;
  /** The URL scrape job whose products the file holds; absent or null for the website files. */
  job_id?: string | null;
  format: ExportFormat;
  rows: number;
  bytes: number;
  updated_at: string;
  object_key: string;
  /** The JSON Lines file of the same rows; absent on records written before it existed, or not asked for. */
  jsonl?: ExportFileRef;
  /** The Excel workbook and the Parquet file of the same rows; absent on records written before they existed, or not asked for. */
  xlsx?: ExportFileRef;
  parquet?: ExportFileRef;
  /** The currency of the converted prices; null: the shops' own prices (a project without localization). */
  currency: string | null;
  /** The day of the reference rates used. */
  rates_date: string;
  /** The catalog version each website's rows came from. */
  sources: Record<string, string>;
  /**
   * The project's products file while it waits to be composed from its websites' files: the record
   * tells what the file will hold, and the file is written when it is asked for.
   */
  pending?: true;
  /** Match files: the matching job whose matches they hold, and its competitors, to rebuild them from. */
  matching_run?: {
    job_id: string;
    competitor_website_ids: string[];
    /** The project's match decisions version the file was reviewed with; absent before reviews existed. */
    decisions_version?: number;
    /** The project's `auto_accept_confidence` the file's proposals were banded with; absent before bands existed. */
    auto_accept_confidence?: number;
  };
}

/** The object key and size of the record's file in `format`; undefined when that format was never written. */
export function fileOf(record: ExportRecord, format: ExportFormat): ExportFileRef | undefined {
  if (format === record.format) return { object_key: record.object_key, bytes: record.bytes };
  // A CSV, when written, is always the record's own file.
  return format === 'csv' ? undefined : record[format];
}

/** The object key of the record's file in `format`; undefined when that format was never written. */
export const objectKeyOf = (record: ExportRecord, format: ExportFormat): string | undefined =>
  fileOf(record, format)?.object_key;
