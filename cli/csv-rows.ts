/**
 * The first `limit` records of an RFC 4180 CSV text after its header, as objects keyed by the
 * header's column names (quotes undone; CRLF or LF line ends).
 */
export function csvRows(text: string, limit: number): Record<string, string>[] {
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
  for (let i = 0; i < text.length && records.length <= limit; i++) {
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
  if (field !== '' || record.length > 0) endRecord();
  const [header = [], ...rows] = records;
  return rows
    .slice(0, limit)
    .map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
}
