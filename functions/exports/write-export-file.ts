import type { CatalogPointer } from '#store/catalogs';
import { type CsvValue, csvLine } from './csv-lines.ts';
import type { ExportDataset, PriceConversion } from './export-datasets.ts';
import { type ExportFileWriter, exportFileWriter, exportObjectKey } from './export-files.ts';
import type { ExportFormat } from './export-formats.ts';
import { type ExportRecord, putExportRecord } from './export-records.ts';
import { jsonLine } from './json-lines.ts';

/** A website's catalog version that rows of a file came from. */
export interface ProductSource {
  websiteId: string;
  pointer: Pick<CatalogPointer, 'version' | 'object_key'>;
}

/**
 * One file to write: its rows as cell values, read once, as they come (a file too large to hold
 * gives them from an async source), and what they were built from.
 */
export interface ExportFile {
  dataset: ExportDataset;
  websiteId: string | null;
  /** The URL scrape job whose products file this is; null for the files of websites. */
  jobId: string | null;
  columns: readonly string[];
  rows: () => Iterable<CsvValue[]> | AsyncIterable<CsvValue[]>;
  sources: readonly ProductSource[];
  matchingRun?: ExportRecord['matching_run'];
}

export interface ExportingProject {
  project_id: string;
}

export const sourceVersions = (sources: readonly ProductSource[]) =>
  Object.fromEntries(sources.map((source) => [source.websiteId, source.pointer.version]));

/**
 * Writes the file as CSV (every text cell formula-neutralised) and as JSON Lines (raw values), both
 * from one pass over the rows, each sent on in parts as it grows, then its record, so a record never
 * names a missing file.
 */
export async function writeExportFile(
  project: ExportingProject,
  conversion: PriceConversion,
  file: ExportFile,
): Promise<ExportRecord> {
  const scope = { websiteId: file.websiteId, jobId: file.jobId };
  const baseName = `${file.dataset}-${file.jobId ?? file.websiteId ?? project.project_id}`;
  const writerOf = (format: ExportFormat) => {
    const key = exportObjectKey(project.project_id, file.dataset, scope, format);
    return { object_key: key, writer: exportFileWriter(key, `${baseName}.${format}`, format) };
  };
  const csv = writerOf('csv');
  const jsonl = writerOf('jsonl');
  const written = await writeRows(file, csv.writer, jsonl.writer);
  const record: ExportRecord = {
    project_id: project.project_id,
    dataset: file.dataset,
    website_id: file.websiteId,
    job_id: file.jobId,
    format: 'csv',
    rows: written.rows,
    bytes: written.csvBytes,
    updated_at: new Date().toISOString(),
    object_key: csv.object_key,
    jsonl: { object_key: jsonl.object_key, bytes: written.jsonlBytes },
    currency: conversion.currency,
    rates_date: conversion.rates.date,
    sources: sourceVersions(file.sources),
    ...(file.matchingRun ? { matching_run: file.matchingRun } : {}),
  };
  await putExportRecord(record);
  return record;
}

/** Sends the header and every row to both files and completes them; on any failure both are given up. */
async function writeRows(
  file: ExportFile,
  csv: ExportFileWriter,
  jsonl: ExportFileWriter,
): Promise<{ rows: number; csvBytes: number; jsonlBytes: number }> {
  let rows = 0;
  try {
    await csv.write(csvLine(file.columns));
    for await (const values of file.rows()) {
      if (values.length !== file.columns.length)
        throw new Error(`An export row has ${values.length} values for ${file.columns.length} columns`);
      rows++;
      await csv.write(csvLine(values));
      await jsonl.write(jsonLine(file.columns, values));
    }
    return { rows, csvBytes: await csv.finish(), jsonlBytes: await jsonl.finish() };
  } catch (error) {
    await Promise.all([csv.abort(), jsonl.abort()]);
    throw error;
  }
}
