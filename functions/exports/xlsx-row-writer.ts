import { once } from 'node:events';
import { Writable } from 'node:stream';
import type { Worksheet } from 'exceljs';
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';
import { columnKind, type TypedCell, typedCell } from './column-kinds.ts';
import type { CsvValue } from './csv-lines.ts';
import type { ByteSink, RowWriter } from './row-writer.ts';

/** Excel's limits: rows of a worksheet, characters of a cell. */
export const XLSX_MAX_ROWS = 1_048_576;
const MAX_CELL_CHARACTERS = 32_767;

// XML 1.0 holds no C0 control but tab and line breaks, no U+FFFE/U+FFFF and no lone surrogate: a
// workbook holding one does not open.
const isXmlCharacter = (code: number) =>
  code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Text as a workbook cell can hold it: without the characters XML cannot carry, cut to Excel's
 * 32,767 characters (the other formats keep the whole text).
 */
export function xlsxText(text: string): string {
  let clean = '';
  let from = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) {
      index++;
      continue;
    }
    if (isXmlCharacter(code) && !isHighSurrogate(code) && !isLowSurrogate(code)) continue;
    clean += text.slice(from, index);
    from = index + 1;
  }
  clean = from === 0 ? text : clean + text.slice(from);
  return clean.length > MAX_CELL_CHARACTERS ? clean.slice(0, MAX_CELL_CHARACTERS) : clean;
}

/** The part of a readable-stream Writable that tells whether it wants its writer to wait. */
type ZipInput = NodeJS.EventEmitter & { _writableState: { needDrain: boolean } };

const xlsxCell = (cell: TypedCell): TypedCell => (typeof cell === 'string' ? xlsxText(cell) : cell);

// Rows are handed to the zip stream in batches; between two the writer waits until the zip has
// taken what was made, so a slow upload holds back the rows rather than piling them in memory.
const ROWS_PER_BATCH = 500;

/**
 * An Excel workbook written as a stream (ExcelJS's WorkbookWriter): a worksheet named after the
 * dataset with the column names in its first row, then one row a record. Cells are typed (text,
 * number, boolean); a text starting with `=` is a text cell, never a formula, so no `'` is put in
 * front as in CSV. Past Excel's row limit the rows go on in a next worksheet (`products (2)`), under
 * the same header.
 */
export function xlsxRowWriter(
  sink: ByteSink,
  file: { sheetName: string; columns: readonly string[]; maxRowsPerSheet?: number },
): RowWriter {
  const maxRows = file.maxRowsPerSheet ?? XLSX_MAX_ROWS;
  const kinds = file.columns.map(columnKind);
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.write(chunk).then(() => done(), done);
    },
  });
  // A failed write of the sink ends the stream with an error; the workbook would then never finish.
  const failed = once(out, 'error').then(([error]) => Promise.reject(error));
  failed.catch(() => {});
  const workbook = new WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  let sheet: Worksheet | undefined;
  let sheets = 0;
  let sheetRows = 0;
  let rows = 0;
  const nextSheet = () => {
    sheet?.commit();
    sheets++;
    sheet = workbook.addWorksheet(sheets === 1 ? file.sheetName : `${file.sheetName} (${sheets})`);
    sheet.addRow([...file.columns]).commit();
    sheetRows = 1;
    return sheet;
  };
  // ExcelJS hands a worksheet's XML to the zip without heeding backpressure: it piles up in the
  // stream the zip reads the worksheet from (a readable-stream PassThrough that ExcelJS's StreamBuf
  // pipes into) unless the rows wait for that stream to drain, which it does as fast as the zip
  // compresses and the sink takes the result. The streaming test holds these internals to account.
  const zipInput = () => (sheet as unknown as { stream: { pipes: ZipInput[] } } | undefined)?.stream.pipes[0];
  const settle = async () => {
    await Promise.race([new Promise(setImmediate), failed]);
    const input = zipInput();
    if (input?._writableState.needDrain) await Promise.race([once(input, 'drain'), failed]);
  };
  return {
    async row(values: readonly CsvValue[]) {
      const target = sheet && sheetRows < maxRows ? sheet : nextSheet();
      target
        .addRow(
          values.map((value, index) =>
            xlsxCell(typedCell(file.columns[index] ?? '', kinds[index] ?? 'text', value)),
          ),
        )
        .commit();
      sheetRows++;
      if (++rows % ROWS_PER_BATCH === 0) await settle();
    },
    async end() {
      if (!sheet) nextSheet();
      await Promise.race([workbook.commit(), failed]);
    },
  };
}
