import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { memorySink, readXlsx } from '#test/read-export-files';
import type { CsvValue } from './csv-lines.ts';
import { xlsxRowWriter, xlsxText } from './xlsx-row-writer.ts';

const COLUMNS = ['website_id', 'name', 'price', 'score', 'price_from', 'field_sources', 'gtin'];

async function workbook(rows: CsvValue[][], maxRowsPerSheet?: number) {
  const sink = memorySink();
  const writer = xlsxRowWriter(sink, { sheetName: 'products', columns: COLUMNS, maxRowsPerSheet });
  for (const row of rows) await writer.row(row);
  await writer.end();
  return sink.bytes();
}

describe('xlsx export files', () => {
  it('types each cell by its column and reads back the same values with another reader', async () => {
    const file = await workbook([
      [
        'web_1',
        '=HYPERLINK("http://evil.example/","Click")',
        '12.50',
        0.93,
        true,
        { price: 'json_ld' },
        '0012345678905',
      ],
      ['web_1', 'Drill', null, null, false, null, null],
    ]);
    const [sheet, ...others] = await readXlsx(file);
    expect(others).toEqual([]);
    expect(sheet).toEqual({
      sheet: 'products',
      rows: [
        COLUMNS,
        // Money and ids stay text: exact decimals, leading zeros kept.
        [
          'web_1',
          '=HYPERLINK("http://evil.example/","Click")',
          '12.50',
          0.93,
          true,
          '{"price":"json_ld"}',
          '0012345678905',
        ],
        ['web_1', 'Drill', null, null, false, null, null],
      ],
    });
  });

  it('writes text that looks like a formula as a text cell, never as a formula', async () => {
    const file = await workbook([['web_1', '=1+1', '+12', 0.5, false, null, '@SUM(A1)']]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const row = book.getWorksheet('products')?.getRow(2);
    for (const column of [2, 3, 7]) {
      expect(row?.getCell(column).type).toBe(ExcelJS.ValueType.String);
      expect(row?.getCell(column).formula).toBeUndefined();
    }
    expect(row?.getCell(2).value).toBe('=1+1');
  });

  it('goes on in a next worksheet under the same header past the row limit', async () => {
    const rows = Array.from({ length: 5 }, (_, i): CsvValue[] => [
      `web_${i}`,
      `P${i}`,
      '1.00',
      i,
      false,
      null,
      null,
    ]);
    const sheets = await readXlsx(await workbook(rows, 3));
    expect(sheets.map(({ sheet, rows }) => [sheet, rows.map((row) => row[0])])).toEqual([
      ['products', ['website_id', 'web_0', 'web_1']],
      ['products (2)', ['website_id', 'web_2', 'web_3']],
      ['products (3)', ['website_id', 'web_4']],
    ]);
  });

  it('gives a file without rows its header', async () => {
    expect(await readXlsx(await workbook([]))).toEqual([{ sheet: 'products', rows: [COLUMNS] }]);
  });

  it('refuses a number column given text, a bug in the rows', async () => {
    await expect(workbook([['web_1', 'x', '1.00', '0.5', false, null, null]])).rejects.toThrow(
      /column score holds number values, not string/,
    );
  });

  it('leaves out characters XML cannot hold and cuts text to Excel’s cell size', () => {
    expect(xlsxText('a\u0000b\u0008c\u000Bd\tline\nend\uFFFE')).toBe('abcd\tline\nend');
    expect(xlsxText('\uD83D\uDE00 \uD83D lone \uDE00')).toBe('\uD83D\uDE00  lone ');
    expect(xlsxText('x'.repeat(40_000))).toHaveLength(32_767);
  });

  it('streams: bytes reach the sink while rows are still being written', async () => {
    const sink = memorySink();
    const writer = xlsxRowWriter(sink, { sheetName: 'price_history', columns: COLUMNS });
    let sentMidway = 0;
    for (let i = 0; i < 20_000; i++) {
      await writer.row([
        `web_${i % 7}`,
        `Product ${i} ${'x'.repeat(i % 50)}`,
        `${i}.99`,
        i / 20_000,
        i % 2 === 0,
        null,
        `${i}`,
      ]);
      if (i === 15_000) sentMidway = sink.bytes().byteLength;
    }
    await writer.end();
    const file = sink.bytes();
    // Three quarters of the rows written: most of the file has gone out already.
    expect(sentMidway / file.byteLength).toBeGreaterThan(0.5);
    const [sheet] = await readXlsx(file);
    expect(sheet?.rows).toHaveLength(20_001);
    expect(sheet?.rows.at(-1)).toEqual([
      'web_0',
      `Product 19999 ${'x'.repeat(49)}`,
      '19999.99',
      19_999 / 20_000,
      false,
      null,
      '19999',
    ]);
  });

  it('fails with the sink’s error rather than waiting for a workbook that cannot finish', async () => {
    const writer = xlsxRowWriter(
      { write: () => Promise.reject(new Error('bucket gone')) },
      { sheetName: 'products', columns: COLUMNS },
    );
    const written = (async () => {
      for (let i = 0; i < 2_000; i++) await writer.row([`web_${i}`, 'x', '1.00', 0.5, false, null, null]);
      await writer.end();
    })();
    await expect(written).rejects.toThrow('bucket gone');
  });
});
