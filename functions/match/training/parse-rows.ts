/** Separated values with a header line; a field may be quoted, with "" standing for a quote. */
export function parseRows(text: string, separator: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const [header = [], ...rows] = lines.map((line) => parseLine(line, separator));
  return rows.map((fields) => Object.fromEntries(header.map((column, i) => [column, fields[i] ?? ''])));
}

function parseLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      fields.push(value);
      i = line.indexOf(separator, i) === -1 ? line.length + 1 : line.indexOf(separator, i) + 1;
    } else {
      const end = line.indexOf(separator, i);
      fields.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return fields;
}
