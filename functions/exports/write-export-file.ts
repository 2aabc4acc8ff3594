import type { CatalogPointer } from '#websites/catalog';
import type { CsvValue } from './csv-lines.ts';
import type { ExportDataset, PriceConversion } from './export-datasets.ts';
import { type ExportFileWriter, exportObjectKey } from './export-files.ts';
import { exportFileWriter } from './export-files-services.ts';
import { EXPORT_FORMATS, type ExportFormat } from './export-formats.ts';
import { type ExportFileRef, type ExportRecord, fileOf } from './export-record.ts';
import { exportStore } from './export-services.ts';
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

/** Which formats of a file to write, and a record of the same inputs whose other files stay listed. */
export interface FormatsToWrite {
  formats: readonly ExportFormat[];
  /** A record built from the same inputs: its files in the formats not written now are kept. */
  keeping: ExportRecord | null;
}

const EVERY_FORMAT: FormatsToWrite = { formats: EXPORT_FORMATS, keeping: null };

/**
 * Writes the file in each format asked for (every format unless told) from one pass over the rows,
 * each file sent on in parts as it grows, then its record, so a record never names a missing file.
 */
export async function writeExportFile(
  project: ExportingProject,
  conversion: PriceConversion,
  file: ExportFile,
  { formats, keeping }: FormatsToWrite = EVERY_FORMAT,
): Promise<ExportRecord> {
  const scope = { websiteId: file.websiteId, jobId: file.jobId };
  const baseName = `${file.dataset}-${file.jobId ?? file.websiteId ?? project.project_id}`;
  const files = formats.map((format) => {
    const key = exportObjectKey(project.project_id, file.dataset, scope, format);
    return { format, object_key: key, writer: exportFileWriter(key, `${baseName}.${format}`, format) };
  });
  const written = await writeRows(file, files);
  const refs = new Map<ExportFormat, ExportFileRef>();
  for (const format of EXPORT_FORMATS) {
    const kept = keeping ? fileOf(keeping, format) : undefined;
    if (kept) refs.set(format, kept);
  }
  for (const [index, { format, object_key }] of files.entries())
    refs.set(format, { object_key, bytes: written.bytes[index] ?? 0 });
  // The record's own file is the CSV when there is one (EXPORT_FORMATS begins with it).
  const [own, ...others] = EXPORT_FORMATS.filter((format) => refs.has(format));
  const ownFile = own && refs.get(own);
  if (!own || !ownFile)
    throw new Error(`The ${file.dataset} export of ${project.project_id} names no format`);
  const twins = Object.fromEntries(others.map((format) => [format, refs.get(format)])) as Pick<
    ExportRecord,
    'jsonl' | 'xlsx' | 'parquet'
  >;
  const record: ExportRecord = {
    project_id: project.project_id,
    dataset: file.dataset,
    website_id: file.websiteId,
    job_id: file.jobId,
    format: own,
    rows: written.rows,
    bytes: ownFile.bytes,
    updated_at: new Date().toISOString(),
    object_key: ownFile.object_key,
    ...twins,
    currency: conversion.currency,
    rates_date: conversion.rates.date,
    sources: sourceVersions(file.sources),
    ...(file.matchingRun ? { matching_run: file.matchingRun } : {}),
  };
  await exportStore.put(record);
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
