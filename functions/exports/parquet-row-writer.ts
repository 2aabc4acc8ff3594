import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { type ColumnKind, columnKind, type TypedCell, typedCell } from './column-kinds.ts';
import type { CsvValue } from './csv-lines.ts';
import type { ByteSink, RowWriter } from './row-writer.ts';

/** Rows of one row group: enough for readers to skip and compress well, few enough to hold. */
export const PARQUET_ROWS_PER_GROUP = 50_000;

const SCHEMA_OF: Record<
  ColumnKind,
  { type: 'BYTE_ARRAY' | 'DOUBLE' | 'BOOLEAN'; converted_type?: 'UTF8' | 'JSON' }
> = {
  text: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  json: { type: 'BYTE_ARRAY', converted_type: 'JSON' },
  number: { type: 'DOUBLE' },
  boolean: { type: 'BOOLEAN' },
};

/** The bytes of each row group go to the sink once it is written, so one group is held at a time. */
class SinkWriter extends ByteWriter {
  constructor(private readonly sink: ByteSink) {
    super();
  }

  async flush(): Promise<void> {
    const chunk = Buffer.from(this.getBytes());
    this.index = 0;
    await this.sink.write(chunk);
  }
}

/**
 * A Parquet file (hyparquet-writer) written a row group at a time: one optional column per export
 * column, text as UTF-8 strings (money stays an exact decimal string), scores as doubles, flags as
 * booleans, objects as JSON text.
 */
export function parquetRowWriter(
  sink: ByteSink,
  file: { columns: readonly string[]; rowsPerGroup?: number },
): RowWriter {
  const rowsPerGroup = file.rowsPerGroup ?? PARQUET_ROWS_PER_GROUP;
  const kinds = file.columns.map(columnKind);
  const bytes = new SinkWriter(sink);
  const parquet = new ParquetWriter({
    writer: bytes,
    schema: [
      { name: 'root', num_children: file.columns.length },
      ...file.columns.map((name, index) => ({
        name,
        repetition_type: 'OPTIONAL' as const,
        ...SCHEMA_OF[kinds[index] ?? 'text'],
      })),
    ],
    createdBy: 'product-data-service',
  });
  let group: TypedCell[][] = file.columns.map(() => []);
  let groupRows = 0;
  const writeGroup = async () => {
    if (groupRows === 0) return;
    const columnData = file.columns.map((name, index) => ({ name, data: group[index] ?? [] }));
    const size = groupRows;
    group = file.columns.map(() => []);
    groupRows = 0;
    await parquet.write({ columnData, rowGroupSize: size });
  };
  return {
    async row(values: readonly CsvValue[]) {
      for (const [index, value] of values.entries())
        group[index]?.push(typedCell(file.columns[index] ?? '', kinds[index] ?? 'text', value));
      if (++groupRows >= rowsPerGroup) await writeGroup();
    },
    async end() {
      await writeGroup();
      await parquet.finish();
      await bytes.flush();
    },
  };
}
