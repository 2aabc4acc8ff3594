/** Records as JSON Lines: one JSON document a line, how catalogs and run parts sit in the data bucket. */
export const toJsonLines = (records: readonly unknown[]) =>
  records.map((record) => `${JSON.stringify(record)}\n`).join('');

export const fromJsonLines = <T>(text: string): T[] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
