import { describe, expect, it } from 'vitest';
import { readCsvObjects, readCsvRecords } from './read-csv.ts';

describe('reading CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, and stops at the limit', () => {
    const text = 'name,price\r\n"Mug, ""big""",9.90\r\n"two\nlines",1.00\r\nlast,2.00\r\n';
    expect(readCsvObjects(text, 10)).toEqual([
      { name: 'Mug, "big"', price: '9.90' },
      { name: 'two\nlines', price: '1.00' },
      { name: 'last', price: '2.00' },
    ]);
    expect(readCsvObjects(text, 1)).toEqual([{ name: 'Mug, "big"', price: '9.90' }]);
    expect(readCsvObjects('a,b\nx,y', 5)).toEqual([{ a: 'x', b: 'y' }]);
  });
});

describe('reading CSV records', () => {
  it('reads a file without a final line break, and nothing of an empty text', () => {
    expect(readCsvRecords('a,b\r\n1,')).toEqual([
      ['a', 'b'],
      ['1', ''],
    ]);
    expect(readCsvRecords('')).toEqual([]);
  });
});
