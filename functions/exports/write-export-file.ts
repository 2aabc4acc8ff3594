import type { CatalogPointer } from '#store/catalogs';
import type { CsvValue } from './csv-lines.ts';
import type { ExportDataset, PriceConversion } from './export-datasets.ts';
import { type ExportFileWriter, exportFileWriter, exportObjectKey } from './export-files.ts';
import { EXPORT_FORMATS, type ExportFormat } from './export-formats.ts';
import { type ExportRecord, putExportRecord } from './export-records.ts';
import { rowWriterOf } from './row-writer.ts';

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
 * Writes the file in every format from one pass over the rows, each file sent on in parts as it
 * grows, then its record, so a record never names a missing file.
 */
export async function writeExportFile(
  project: ExportingProject,
  conversion: PriceConversion,
  file: ExportFile,
): Promise<ExportRecord> {
  const scope = { websiteId: file.websiteId, jobId: file.jobId };
  const baseName = `${file.dataset}-${file.jobId ?? file.websiteId ?? project.project_id}`;
  const files = EXPORT_FORMATS.map((format) => {
    const key = exportObjectKey(project.project_id, file.dataset, scope, format);
    return { format, object_key: key, writer: exportFileWriter(key, `${baseName}.${format}`, format) };
  });
  const written = await writeRows(file, files);
  const sizes = Object.fromEntries(
    files.map(({ format, object_key }, index) => [format, { object_key, bytes: written.bytes[index] ?? 0 }]),
  ) as Record<ExportFormat, { object_key: string; bytes: number }>;
  const record: ExportRecord = {
    project_id: project.project_id,
    dataset: file.dataset,
    website_id: file.websiteId,
    job_id: file.jobId,
    format: 'csv',
    rows: written.rows,
    bytes: sizes.csv.bytes,
    updated_at: new Date().toISOString(),
    object_key: sizes.csv.object_key,
    jsonl: sizes.jsonl,
    xlsx: sizes.xlsx,
    parquet: sizes.parquet,
    currency: conversion.currency,
    rates_date: conversion.rates.date,
    sources: sourceVersions(file.sources),
    ...(file.matchingRun ? { matching_run: file.matchingRun } : {}),
  };
  await putExportRecord(record);
  return record;
}

/** Sends every row to each format's file and completes them; on any failure all are given up. */
async function writeRows(
  file: ExportFile,
  files: readonly { format: ExportFormat; writer: ExportFileWriter }[],
): Promise<{ rows: number; bytes: number[] }> {
  let rows = 0;
  const writers = files.map(({ format, writer }) => rowWriterOf(format, writer, file));
  try {
    for await (const values of file.rows()) {
      if (values.length !== file.columns.length)
        throw new Error(`An export row has ${values.length} values for ${file.columns.length} columns`);
      rows++;
      for (const writer of writers) await writer.row(values);
    }
    for (const writer of writers) await writer.end();
    const bytes: number[] = [];
    for (const { writer } of files) bytes.push(await writer.finish());
    return { rows, bytes };
  } catch (error) {
    await Promise.all(files.map(({ writer }) => writer.abort()));
    throw error;
  }
}
