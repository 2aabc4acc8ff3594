/**
 * ExcelJS's streaming workbook writer by its own module: the package's entry also brings its
 * readers (unzipper, jszip, bluebird), about 600 KB more in every bundle that writes exports.
 */
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type { stream } from 'exceljs';

  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
