import { describe, expect, it } from 'vitest';
import { csvRows } from './csv-rows.ts';

describe('csvRows', () => {
  it('reads quoted fields with commas, quotes and line breaks, and stops at the limit', () => {
    const text = 'name,price\r\n"Mug, ""big""",9.90\r\n"two\nlines",1.00\r\nlast,2.00\r\n';
    expect(csvRows(text, 10)).toEqual([
      { name: 'Mug, "big"', price: '9.90' },
      { name: 'two\nlines', price: '1.00' },
      { name: 'last', price: '2.00' },
    ]);
    expect(csvRows(text, 1)).toEqual([{ name: 'Mug, "big"', price: '9.90' }]);
    expect(csvRows('a,b\nx,y', 5)).toEqual([{ a: 'x', b: 'y' }]);
  });
});
