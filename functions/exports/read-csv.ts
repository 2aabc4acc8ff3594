/**
 * Reads RFC 4180 CSV, the counterpart of `csv-lines.ts`: records of fields, quotes undone, CRLF or
 * LF line ends. `maxRecords` stops early (the header counts as one), so a caller that wants the first
 * rows of a large file does not parse all of it.
 */
export function readCsvRecords(text: string, maxRecords = Number.POSITIVE_INFINITY): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endRecord = (): void => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  for (let i = 0; i < text.length && records.length < maxRecords; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n') endRecord();
    else if (char === '\r' && text[i + 1] === '\n') {
      endRecord();
      i++;
    } else field += char;
  }
  if ((field !== '' || record.length > 0) && records.length < maxRecords) endRecord();
  return records;
}

/** The first `limit` records after the header, as objects keyed by the header's column names. */
export function readCsvObjects(text: string, limit = Number.POSITIVE_INFINITY): Record<string, string>[] {
  const [header = [], ...rows] = readCsvRecords(text, limit + 1);
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
}
