import { ParquetReader } from '@dsnp/parquetjs';
import readXlsxFile from 'read-excel-file/node';

/**
 * Readers of the typed export formats that share no code with their writers (ExcelJS,
 * hyparquet-writer): what they read back is what another tool would see.
 */

export type ReadCell = string | number | boolean | null;

/** Every worksheet of a workbook, by name, as rows of cells (read-excel-file). */
export async function readXlsx(file: Uint8Array): Promise<{ sheet: string; rows: ReadCell[][] }[]> {
  const sheets = await readXlsxFile(Buffer.from(file), { trim: false });
  return sheets.map(({ sheet, data }) => ({
    sheet,
    rows: data.map((row) =>
      row.map((cell) => (cell instanceof Date ? cell.toISOString() : (cell as ReadCell))),
    ),
  }));
}

/** A Parquet file's columns (physical and logical type), row groups and rows (@dsnp/parquetjs). */
export async function readParquet(file: Uint8Array): Promise<{
  columns: Record<string, { type: string; logical: string | undefined; optional: boolean }>;
  rowGroups: number[];
  rows: Record<string, unknown>[];
}> {
  const reader = await ParquetReader.openBuffer(Buffer.from(file));
  try {
    const columns = Object.fromEntries(
      Object.entries(reader.getSchema().fields).map(([name, field]) => [
        name,
        {
          type: String(field.primitiveType),
          logical: field.originalType === undefined ? undefined : String(field.originalType),
          optional: field.repetitionType === 'OPTIONAL',
        },
      ]),
    );
    const rowGroups = (reader.metadata?.row_groups ?? []).map((group) => Number(group.num_rows));
    const rows: Record<string, unknown>[] = [];
    const cursor = reader.getCursor();
    for (let row = await cursor.next(); row; row = await cursor.next())
      rows.push(row as Record<string, unknown>);
    return { columns, rowGroups, rows };
  } finally {
    await reader.close();
  }
}

/** A sink that keeps what it is sent, counting the chunks. */
export function memorySink(): {
  write(chunk: string | Uint8Array): Promise<void>;
  bytes(): Buffer;
  chunks: number;
} {
  const held: Buffer[] = [];
  const sink = {
    chunks: 0,
    async write(chunk: string | Uint8Array) {
      held.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
      sink.chunks++;
    },
    bytes: () => Buffer.concat(held),
  };
  return sink;
}
