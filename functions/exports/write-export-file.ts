import type { CatalogPointer } from '#store/catalogs';
import { type CsvValue, csvLines } from './csv-lines.ts';
import type { ExportDataset, PriceConversion } from './export-datasets.ts';
import { exportObjectKey, putExportFile } from './export-files.ts';
import type { ExportFormat } from './export-formats.ts';
import { type ExportRecord, putExportRecord } from './export-records.ts';
import { jsonLines } from './json-lines.ts';

/** A website's catalog version that rows of a file came from. */
export interface ProductSource {
  websiteId: string;
  pointer: Pick<CatalogPointer, 'version' | 'object_key'>;
}

/** One file to write: its rows as cell values (read once per format), and what they were built from. */
export interface ExportFile {
  dataset: ExportDataset;
  websiteId: string | null;
  /** The URL scrape job whose products file this is; null for the files of websites. */
  jobId: string | null;
  columns: readonly string[];
  rows: () => Iterable<CsvValue[]>;
  sources: readonly ProductSource[];
  matchingRun?: ExportRecord['matching_run'];
}

export interface ExportingProject {
  project_id: string;
}

export const sourceVersions = (sources: readonly ProductSource[]) =>
  Object.fromEntries(sources.map((source) => [source.websiteId, source.pointer.version]));

/**
 * Writes the file as CSV (every text cell formula-neutralised) and as JSON Lines (raw values), then
 * its record, so a record never names a missing file.
 */
export async function writeExportFile(
  project: ExportingProject,
  conversion: PriceConversion,
  file: ExportFile,
): Promise<ExportRecord> {
  const scope = { websiteId: file.websiteId, jobId: file.jobId };
  const baseName = `${file.dataset}-${file.jobId ?? file.websiteId ?? project.project_id}`;
  const put = async (format: ExportFormat, lines: Iterable<string>) => {
    const key = exportObjectKey(project.project_id, file.dataset, scope, format);
    return { object_key: key, bytes: await putExportFile(key, lines, `${baseName}.${format}`, format) };
  };
  let rows = 0;
  function* countedRows() {
    for (const row of file.rows()) {
      rows++;
      yield row;
    }
  }
  const asValues = (row: CsvValue[]) => row;
  const jsonl = await put('jsonl', jsonLines(file.columns, countedRows(), asValues));
  const csv = await put('csv', csvLines(file.columns, file.rows(), asValues));
  const record: ExportRecord = {
    project_id: project.project_id,
    dataset: file.dataset,
    website_id: file.websiteId,
    job_id: file.jobId,
    format: 'csv',
    rows,
    bytes: csv.bytes,
    updated_at: new Date().toISOString(),
    object_key: csv.object_key,
    jsonl,
    currency: conversion.currency,
    rates_date: conversion.rates.date,
    sources: sourceVersions(file.sources),
    ...(file.matchingRun ? { matching_run: file.matchingRun } : {}),
  };
  await putExportRecord(record);
  return record;
}
