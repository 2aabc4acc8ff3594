import type { CsvValue } from './csv-lines.ts';

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
