import { describe, expect, it } from 'vitest';
import { memorySink, readParquet } from '#test/read-export-files';
import type { CsvValue } from './csv-lines.ts';
import { parquetRowWriter } from './parquet-row-writer.ts';

const COLUMNS = ['website_id', 'name', 'price', 'score', 'price_from', 'field_sources', 'gtin'];

async function parquetFile(rows: Iterable<CsvValue[]>, rowsPerGroup?: number) {
  const sink = memorySink();
  const writer = parquetRowWriter(sink, { columns: COLUMNS, rowsPerGroup });
  for (const row of rows) await writer.row(row);
  await writer.end();
  return { file: sink.bytes(), chunks: sink.chunks };
}

describe('parquet export files', () => {
  it('types each column by its kind, every one nullable, and reads back the same values with another reader', async () => {
    const { file } = await parquetFile([
      ['web_1', '=HYPERLINK("x")', '12.50', 0.93, true, { price: 'json_ld', name: null }, '0012345678905'],
      ['web_1', 'Drill', null, null, false, null, null],
    ]);
    const read = await readParquet(file);
    expect(read.columns).toEqual({
      website_id: { type: 'BYTE_ARRAY', logical: 'UTF8', optional: true },
      name: { type: 'BYTE_ARRAY', logical: 'UTF8', optional: true },
      // Money stays an exact decimal string, ids keep their leading zeros.
      price: { type: 'BYTE_ARRAY', logical: 'UTF8', optional: true },
      score: { type: 'DOUBLE', logical: undefined, optional: true },
      price_from: { type: 'BOOLEAN', logical: undefined, optional: true },
      field_sources: { type: 'BYTE_ARRAY', logical: 'JSON', optional: true },
      gtin: { type: 'BYTE_ARRAY', logical: 'UTF8', optional: true },
    });
    expect(read.rows).toEqual([
      {
        website_id: 'web_1',
        name: '=HYPERLINK("x")',
        price: '12.50',
        score: 0.93,
        price_from: true,
        field_sources: '{"price":"json_ld","name":null}',
        gtin: '0012345678905',
      },
      {
        website_id: 'web_1',
        name: 'Drill',
        price: null,
        score: null,
        price_from: false,
        field_sources: null,
        gtin: null,
      },
    ]);
  });

  it('writes a row group at a time, each sent to the sink as it is done', async () => {
    function* rows() {
      for (let i = 0; i < 2_500; i++)
        yield [`web_${i % 3}`, `P${i}`, `${i}.00`, i / 2_500, i % 2 === 0, null, `${i}`];
    }
    const { file, chunks } = await parquetFile(rows(), 1_000);
    const read = await readParquet(file);
    expect(read.rowGroups).toEqual([1_000, 1_000, 500]);
    // One chunk per row group, then the footer.
    expect(chunks).toBe(4);
    expect(read.rows).toHaveLength(2_500);
    expect(read.rows[2_499]).toMatchObject({ name: 'P2499', price: '2499.00', gtin: '2499' });
  });

  it('gives a file without rows its columns', async () => {
    const read = await readParquet((await parquetFile([])).file);
    expect(Object.keys(read.columns)).toEqual(COLUMNS);
    expect(read.rows).toEqual([]);
  });

  it('refuses a boolean column given a number, a bug in the rows', async () => {
    await expect(parquetFile([['web_1', 'x', '1.00', 0.5, 1, null, null]])).rejects.toThrow(
      /column price_from holds boolean values, not number/,
    );
  });

  it('fails with the sink’s error', async () => {
    const writer = parquetRowWriter(
      { write: () => Promise.reject(new Error('bucket gone')) },
      { columns: COLUMNS, rowsPerGroup: 10 },
    );
    const written = (async () => {
      for (let i = 0; i < 20; i++) await writer.row([`web_${i}`, 'x', '1.00', 0.5, false, null, null]);
      await writer.end();
    })();
    await expect(written).rejects.toThrow('bucket gone');
  });
});
