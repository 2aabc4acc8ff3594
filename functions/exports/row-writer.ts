import { type CsvValue, csvLine } from './csv-lines.ts';
import type { ExportDataset } from './export-datasets.ts';
import type { ExportFormat } from './export-formats.ts';
import { jsonLine } from './json-lines.ts';
import { parquetRowWriter } from './parquet-row-writer.ts';
import { xlsxRowWriter } from './xlsx-row-writer.ts';

/** Where a file's bytes go as they are made: the export file writer, or a buffer in tests. */
export interface ByteSink {
  write(chunk: string | Uint8Array): Promise<void>;
}

/** Writes the rows of one file in one format to its sink, the header first. */
export interface RowWriter {
  row(values: readonly CsvValue[]): Promise<void>;
  /** Writes what the format keeps for the end (a workbook's zip directory, a Parquet footer). */
  end(): Promise<void>;
}

/**
 * The writer of the rows in one format: CSV (every text cell formula-neutralised), JSON Lines (raw
 * values), an Excel workbook (typed cells) or Parquet (typed columns).
 */
export function rowWriterOf(
  format: ExportFormat,
  sink: ByteSink,
  file: { dataset: ExportDataset; columns: readonly string[] },
): RowWriter {
  const { columns } = file;
  switch (format) {
    case 'csv': {
      let started = false;
      return {
        async row(values) {
          if (!started) await sink.write(csvLine(columns));
          started = true;
          await sink.write(csvLine(values));
        },
        async end() {
          if (!started) await sink.write(csvLine(columns));
        },
      };
    }
    case 'jsonl':
      return { row: (values) => sink.write(jsonLine(columns, values)), end: async () => {} };
    case 'xlsx':
      return xlsxRowWriter(sink, { sheetName: file.dataset, columns });
    case 'parquet':
      return parquetRowWriter(sink, { columns });
  }
}
